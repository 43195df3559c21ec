import type { MultiDirectedGraph } from 'graphology';
import type { ViewState } from './state';
import type { EdgeAttributes, NodeAttributes } from './types';

/** How an edge is drawn at the chosen time: true then, closed by then (history), or not at all. */
export type EdgeMode = 'current' | 'history' | 'hidden';

/** Which entities and facts the filters and the time slider leave on screen. */
export interface Visibility {
  nodes: Set<string>;
  edges: Map<string, EdgeMode>;
  shownEdges: number;
}

/** Whether a fact held at time `t` (ms): said by then and not yet closed. */
export function validAt(edge: EdgeAttributes, t: number): boolean {
  return Date.parse(edge.validFrom) <= t && (edge.validTo === null || Date.parse(edge.validTo) > t);
}

/**
 * Computes what is shown: a fact is shown when its predicate is not filtered out, both ends are
 * of shown types, and it held at `asOf` (or, with history on, had been said by then). An entity
 * is shown when its type is, and it existed by `asOf` or one of its shown facts touches it.
 */
export function computeVisibility(
  graph: MultiDirectedGraph<NodeAttributes, EdgeAttributes>,
  state: ViewState,
): Visibility {
  const t = state.asOf ?? Number.POSITIVE_INFINITY;
  const typeShown = (node: string) => !state.hiddenTypes.has(graph.getNodeAttribute(node, 'type'));
  const nodes = new Set<string>();
  const edges = new Map<string, EdgeMode>();
  let shownEdges = 0;
  graph.forEachEdge((edge, attrs, source, target) => {
    let mode: EdgeMode = 'hidden';
    if (!state.hiddenPredicates.has(attrs.predicate) && typeShown(source) && typeShown(target)) {
      if (validAt(attrs, t)) mode = 'current';
      else if (state.showHistory && Date.parse(attrs.validFrom) <= t) mode = 'history';
    }
    edges.set(edge, mode);
    if (mode !== 'hidden') {
      shownEdges++;
      nodes.add(source);
      nodes.add(target);
    }
  });
  graph.forEachNode((node, attrs) => {
    if (typeShown(node) && Date.parse(attrs.createdAt) <= t) nodes.add(node);
  });
  return { nodes, edges, shownEdges };
}
