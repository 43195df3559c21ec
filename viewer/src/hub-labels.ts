import type { KnowledgeGraph } from './graph-model';

/** A focused entity with at most this many facts in view names every one of them. */
export const HUB_LABELS = 12;

/**
 * Which of a focused entity's facts are named on their edges: all of them when it has at most
 * {@link HUB_LABELS}; for a hub, at most that many, spread around it so that no two named edges
 * leave it closer than a full turn shared among them (the others stay drawn, unnamed, and the
 * entity panel lists them all). Facts to the same neighbour share one name.
 */
export function hubLabelledEdges(
  graph: KnowledgeGraph,
  focus: string,
  shown: (edge: string) => boolean,
): Set<string> {
  const edges = graph.edges(focus).filter(shown);
  if (edges.length <= HUB_LABELS) return new Set(edges);
  const at = graph.getNodeAttributes(focus) as { x?: number; y?: number };
  const byAngle = edges
    .map((edge) => {
      const other = graph.opposite(focus, edge);
      const pos = graph.getNodeAttributes(other) as { x?: number; y?: number };
      return { edge, other, angle: Math.atan2((pos.y ?? 0) - (at.y ?? 0), (pos.x ?? 0) - (at.x ?? 0)) };
    })
    .sort((a, b) => a.angle - b.angle || (a.edge < b.edge ? -1 : 1));
  const gap = (2 * Math.PI) / HUB_LABELS;
  const kept = new Set<string>();
  const named = new Set<string>();
  let last = Number.NEGATIVE_INFINITY;
  const first = byAngle[0]?.angle ?? 0;
  for (const { edge, other, angle } of byAngle) {
    if (named.has(other) || angle - last < gap || (kept.size > 0 && first + 2 * Math.PI - angle < gap))
      continue;
    kept.add(edge);
    named.add(other);
    last = angle;
  }
  return kept;
}
