import { DEFAULT_EDGE_CURVATURE, EdgeCurvedArrowProgram } from '@sigma/edge-curve';
import Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import {
  DIMMED_COLOR,
  EDGE_COLOR,
  EDGE_FOCUS_COLOR,
  EDGE_HISTORY_COLOR,
  HIGHLIGHT_COLOR,
  predicateColor,
  typeColor,
  USER_COLOR,
} from './colors';
import { DashedArrowProgram } from './dashed-edge';
import type { EdgeData, KnowledgeGraph, NodeData } from './graph-model';
import { hubLabelledEdges } from './hub-labels';
import type { ViewStore } from './state';
import { computeVisibility, type Visibility } from './visibility';

// Edge labels at rest: always in a graph of at most this many facts, else once zoomed in this far.
const SMALL_GRAPH_EDGES = 60;
const EDGE_LABEL_RATIO = 0.4;

/** What the user does on the canvas. */
export interface CanvasEvents {
  select(node: string | null): void;
  expand(node: string): void;
}

/**
 * Draws the graph with sigma: colour by type, size by degree; hovering or selecting an entity
 * dims the rest and labels its facts; a recall or path highlight dims everything else; facts
 * closed by the chosen time are dashed and faded when history is on, hidden otherwise. Labels and edges
 * are dropped while the camera moves, and labels thin out by density, so 5,000 entities stay fluid;
 * zoomed in (or in a small graph) every fact whose entities are labelled is named on its edge.
 */
export class GraphRenderer {
  readonly sigma: Sigma<NodeData, EdgeData>;
  private visibility: Visibility;
  // The focused entity's named facts, worked out once per frame (a hub's labels must not pile up).
  private hubLabels: { focus: string; edges: Set<string> } | null = null;

  constructor(
    private readonly graph: KnowledgeGraph,
    container: HTMLElement,
    private readonly view: ViewStore,
    events: CanvasEvents,
  ) {
    this.visibility = computeVisibility(graph, view.state);
    this.sigma = new Sigma<NodeData, EdgeData>(graph, container, {
      defaultEdgeType: 'arrow',
      edgeProgramClasses: { dashed: DashedArrowProgram, curved: EdgeCurvedArrowProgram },
      renderEdgeLabels: true,
      hideEdgesOnMove: graph.size > 1000,
      hideLabelsOnMove: true,
      // Labels compete for cells of the screen grid, so they never pile on each other.
      labelDensity: 0.08,
      labelGridCellSize: 70,
      labelRenderedSizeThreshold: graph.order > 500 ? 8 : 4,
      zIndex: true,
      labelFont: 'system-ui, sans-serif',
      edgeLabelFont: 'system-ui, sans-serif',
      edgeLabelSize: 11,
      nodeReducer: (node, data) => this.reduceNode(node, data),
      edgeReducer: (edge, data) => this.reduceEdge(edge, data),
    });
    this.sigma.on('beforeRender', () => {
      this.hubLabels = null;
    });
    this.sigma.on('clickNode', ({ node }) => events.select(node));
    this.sigma.on('clickStage', () => events.select(null));
    this.sigma.on('doubleClickNode', (payload) => {
      payload.preventSigmaDefault();
      events.expand(payload.node);
    });
    // The stage changes size when the entity panel opens or closes, not only with the window.
    new ResizeObserver(() => {
      this.sigma.resize();
      this.sigma.refresh({ skipIndexation: true });
    }).observe(container);
    this.sigma.on('enterNode', ({ node }) => view.set({ hovered: node }));
    this.sigma.on('leaveNode', () => view.set({ hovered: null }));
    view.subscribe((_state, changed) => {
      if (
        changed.has('asOf') ||
        changed.has('showHistory') ||
        changed.has('hiddenTypes') ||
        changed.has('hiddenPredicates')
      ) {
        this.recompute();
      } else {
        this.sigma.refresh({ skipIndexation: true });
      }
    });
  }

  /** Recomputes what is shown after the graph or the filters changed, and redraws. */
  recompute(): void {
    this.visibility = computeVisibility(this.graph, this.view.state);
    this.sigma.refresh();
  }

  /** Entities and facts currently on screen. */
  counts(): { nodes: number; edges: number } {
    return { nodes: this.visibility.nodes.size, edges: this.visibility.shownEdges };
  }

  /** Whether a fact is drawn, and how. */
  edgeMode(edge: string): 'current' | 'history' | 'hidden' {
    return this.visibility.edges.get(edge) ?? 'hidden';
  }

  /** Moves the camera to an entity and zooms in on it. */
  async flyTo(node: string): Promise<void> {
    const data = this.sigma.getNodeDisplayData(node);
    if (!data) return;
    const camera = this.sigma.getCamera();
    // Small graphs stay whole around the entity; big ones zoom in to read its neighbourhood.
    const order = this.graph.order;
    const ratio = order < 50 ? 1.4 : order < 500 ? 0.6 : 0.2;
    await camera.animate({ x: data.x, y: data.y, ratio }, { duration: 500 });
  }

  /** Moves the camera so every given node is on screen (a recall's facts, a path, a query result). */
  async fitNodes(nodes: Iterable<string>): Promise<void> {
    // Nodes added in this same tick have no display data until sigma processes the graph.
    this.sigma.refresh();
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (const node of nodes) {
      const data = this.sigma.getNodeDisplayData(node);
      if (!data) continue;
      minX = Math.min(minX, data.x);
      maxX = Math.max(maxX, data.x);
      minY = Math.min(minY, data.y);
      maxY = Math.max(maxY, data.y);
    }
    if (!Number.isFinite(minX)) return;
    // Display coordinates span about 1 across the whole graph at ratio 1; leave a margin.
    const ratio = Math.min(1.2, Math.max(0.08, Math.max(maxX - minX, maxY - minY) * 1.4));
    // Set, not animated: an animation is cut short by the redraws a result causes.
    this.sigma.getCamera().setState({ x: (minX + maxX) / 2, y: (minY + maxY) / 2, ratio });
  }

  /** Zooms out to show the whole graph. */
  async fit(): Promise<void> {
    await this.sigma.getCamera().animatedReset({ duration: 400 });
  }

  private focus(): string | null {
    const { hovered, selected } = this.view.state;
    return hovered ?? selected;
  }

  private reduceNode(node: string, data: NodeData): Partial<NodeDisplayData> {
    const attrs = this.graph.getNodeAttributes(node);
    const shown: Partial<NodeDisplayData> = {
      ...data,
      // The entity's `type` attribute is its kind (person, place…), not a sigma program.
      type: 'circle',
      label: attrs.label,
      color: attrs.isUser ? USER_COLOR : typeColor(attrs.type),
      // By degree (the graph model's size), or by how often the entity was said.
      ...(this.view.state.nodeSize === 'mentions'
        ? { size: 3 + 1.6 * Math.sqrt(Math.max(1, attrs.mentions)) }
        : {}),
    };
    if (!this.visibility.nodes.has(node)) return { ...shown, hidden: true };
    const { selected, highlight } = this.view.state;
    const focus = this.focus();
    if (node === selected) return { ...shown, highlighted: true, forceLabel: true, zIndex: 3 };
    if (highlight) {
      return highlight.nodes.has(node)
        ? { ...shown, forceLabel: true, zIndex: 2 }
        : { ...shown, color: DIMMED_COLOR, label: '', zIndex: 0 };
    }
    if (focus !== null) {
      if (node === focus || this.graph.areNeighbors(focus, node))
        return { ...shown, forceLabel: true, zIndex: 2 };
      return { ...shown, color: DIMMED_COLOR, label: '', zIndex: 0 };
    }
    return shown;
  }

  private reduceEdge(edge: string, data: EdgeData): Partial<EdgeDisplayData> {
    const mode = this.visibility.edges.get(edge) ?? 'hidden';
    if (mode === 'hidden') return { ...data, hidden: true };
    const attrs = this.graph.getEdgeAttributes(edge);
    const closed = mode === 'history';
    const base: Partial<EdgeDisplayData> = {
      ...data,
      label: '',
      size: closed ? 1.2 : 1.6,
      color: closed
        ? EDGE_HISTORY_COLOR
        : this.view.state.edgeColour === 'predicate'
          ? predicateColor(attrs.predicate)
          : EDGE_COLOR,
      // Facts that no longer hold are drawn dashed and faded.
      type: closed ? 'dashed' : 'arrow',
      zIndex: closed ? 0 : 1,
    };
    const labelled = closed ? `${attrs.label} (closed)` : attrs.label;
    // At rest, facts are named once the view is close enough to read them (or small): sigma then
    // draws the label of each fact whose two entities show their labels.
    if (this.graph.size <= SMALL_GRAPH_EDGES || this.sigma.getCamera().ratio <= EDGE_LABEL_RATIO)
      base.label = labelled;
    // Facts sharing both ends fan out as curves (closed ones stay straight and dashed).
    if (!closed && typeof attrs.parallelIndex === 'number') {
      base.type = 'curved';
      (base as Record<string, unknown>).curvature =
        DEFAULT_EDGE_CURVATURE +
        (3 * DEFAULT_EDGE_CURVATURE * attrs.parallelIndex) / (attrs.parallelMaxIndex || 1);
    }
    const { highlight } = this.view.state;
    if (highlight) {
      return highlight.edges.has(edge)
        ? { ...base, color: HIGHLIGHT_COLOR, size: 3.5, label: labelled, forceLabel: true, zIndex: 3 }
        : { ...base, color: DIMMED_COLOR };
    }
    const focus = this.focus();
    if (focus !== null) {
      const [source, target] = this.graph.extremities(edge);
      if (source === focus || target === focus) {
        const named = this.focusLabels(focus).has(edge);
        return {
          ...base,
          color: closed ? EDGE_HISTORY_COLOR : EDGE_FOCUS_COLOR,
          size: closed ? 1.2 : 2.2,
          label: named ? labelled : '',
          forceLabel: named,
          zIndex: 2,
        };
      }
      return { ...base, color: DIMMED_COLOR };
    }
    return base;
  }

  /** The focused entity's facts named on their edges this frame (all, or a hub's spread-out few). */
  private focusLabels(focus: string): Set<string> {
    if (this.hubLabels?.focus !== focus) {
      const shown = (edge: string) => (this.visibility.edges.get(edge) ?? 'hidden') !== 'hidden';
      this.hubLabels = { focus, edges: hubLabelledEdges(this.graph, focus, shown) };
    }
    return this.hubLabels.edges;
  }
}
