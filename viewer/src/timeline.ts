import type { KnowledgeGraph } from './graph-model';
import type { ViewStore } from './state';

const STEPS = 1000;

/**
 * The time slider: its left end is the earliest fact or entity, its right end is now. Moving it
 * sets `asOf`; the far right means "now" (no asOf).
 */
export class Timeline {
  private start = Date.now();
  private end = Date.now();

  constructor(
    private readonly slider: HTMLInputElement,
    private readonly label: HTMLOutputElement,
    historyBox: HTMLInputElement,
    private readonly view: ViewStore,
  ) {
    slider.max = String(STEPS);
    slider.addEventListener('input', () => {
      const step = Number(slider.value);
      view.set({
        asOf: step >= STEPS ? null : Math.round(this.start + ((this.end - this.start) * step) / STEPS),
      });
    });
    historyBox.checked = view.state.showHistory;
    historyBox.addEventListener('change', () => view.set({ showHistory: historyBox.checked }));
    view.subscribe((_state, changed) => {
      if (changed.has('asOf')) this.show();
      if (changed.has('showHistory')) historyBox.checked = view.state.showHistory;
    });
  }

  /** Spans the slider over the graph's time range. */
  setRange(graph: KnowledgeGraph): void {
    let earliest = Date.now();
    graph.forEachEdge((_edge, attrs) => {
      earliest = Math.min(earliest, Date.parse(attrs.validFrom));
    });
    graph.forEachNode((_node, attrs) => {
      earliest = Math.min(earliest, Date.parse(attrs.createdAt));
    });
    // One minute before the first thing, so the far left shows an empty graph.
    this.start = earliest - 60_000;
    this.end = Date.now();
    this.show();
  }

  /** The slider step that stands for a time (scripts and tests drive the slider with it). */
  stepFor(time: number): number {
    const step = Math.round(((time - this.start) / Math.max(1, this.end - this.start)) * STEPS);
    return Math.min(STEPS - 1, Math.max(0, step));
  }

  private show(): void {
    const { asOf } = this.view.state;
    if (asOf === null) {
      this.slider.value = String(STEPS);
      this.label.value = 'now';
      return;
    }
    this.slider.value = String(this.stepFor(asOf));
    this.label.value = new Date(asOf).toISOString().slice(0, 16).replace('T', ' ');
  }
}
