import forceAtlas2 from 'graphology-layout-forceatlas2';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import type { KnowledgeGraph } from './graph-model';

/**
 * ForceAtlas2 in a web worker, so the page stays responsive while it runs. Each run stops by
 * itself after a time budget that grows with the graph; `start`/`stop` drive it by hand.
 */
export class LayoutRunner {
  private worker: FA2Layout | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly graph: KnowledgeGraph,
    private readonly onStateChange: (running: boolean) => void,
  ) {}

  /** Whether the layout is running. */
  get running(): boolean {
    return this.worker?.isRunning() ?? false;
  }

  /** Runs the layout for `budgetMs` (default: 2 s plus 1 ms per entity, at most 10 s). */
  start(budgetMs = Math.min(10_000, 2000 + this.graph.order)): void {
    this.stop();
    if (this.graph.order < 2) return;
    // A fresh worker sees the graph's current nodes and edges.
    this.worker = new FA2Layout(this.graph, {
      settings: { ...forceAtlas2.inferSettings(this.graph), barnesHutOptimize: this.graph.order > 400 },
    });
    this.worker.start();
    this.timer = setTimeout(() => this.stop(), budgetMs);
    this.onStateChange(true);
  }

  /**
   * Stops the layout where it is. The worker thread is ended too: `start` builds a fresh one
   * from the current graph anyway, so an idle page holds no layout thread.
   */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const wasRunning = this.worker?.isRunning() ?? false;
    this.worker?.kill();
    this.worker = null;
    if (wasRunning) this.onStateChange(false);
  }

  /** Stops and releases the worker (same as `stop`; kept for callers that tear down). */
  kill(): void {
    this.stop();
  }
}
