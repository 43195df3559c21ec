import { indexParallelEdgesIndex } from '@sigma/edge-curve';
import { MultiDirectedGraph } from 'graphology';
import type { EdgeAttributes, GraphPayload, NodeAttributes, WireEntity, WireFact } from './types';

/** The viewer's graph: entities as nodes (with x, y, size), facts as edges keyed by fact uid. */
export type KnowledgeGraph = MultiDirectedGraph<NodeData, EdgeData>;

/** A fact's attributes plus its place among facts linking the same two entities (for curves). */
export type EdgeData = EdgeAttributes & { parallelIndex?: number | null; parallelMaxIndex?: number | null };

/** A node's attributes: the entity plus where and how big sigma draws it. */
export type NodeData = NodeAttributes & { x: number; y: number; size: number };

/** An empty graph of the viewer's shape. */
export function emptyGraph(): KnowledgeGraph {
  return new MultiDirectedGraph({ allowSelfLoops: true });
}

/**
 * Adds a payload's entities and facts to the graph (known ones keep their place); new entities
 * start on a small circle around `near` (an expanded entity) or spread by a stable hash.
 * Returns how many nodes were added.
 */
export function mergePayload(graph: KnowledgeGraph, payload: GraphPayload, near?: string): number {
  let added = 0;
  const origin = near && graph.hasNode(near) ? graph.getNodeAttributes(near) : null;
  for (const { key, attributes } of payload.nodes) {
    if (graph.hasNode(key)) {
      graph.mergeNodeAttributes(key, attributes);
      continue;
    }
    const [x, y] = startPosition(key, origin);
    graph.addNode(key, { ...attributes, x, y, size: 4 });
    added++;
  }
  for (const { key, source, target, attributes } of payload.edges) {
    if (graph.hasEdge(key) || !graph.hasNode(source) || !graph.hasNode(target)) continue;
    graph.addEdgeWithKey(key, source, target, attributes);
  }
  sizeByDegree(graph);
  // Several facts between the same two entities are drawn as distinct curves.
  indexParallelEdgesIndex(graph as never);
  return added;
}

/** A fact as recall or path answers carry it. */
export type FactLike = Pick<
  WireFact,
  | 'uid'
  | 'subjectUid'
  | 'subject'
  | 'objectUid'
  | 'object'
  | 'predicate'
  | 'statement'
  | 'validFrom'
  | 'validTo'
> & { key?: string; mentions?: number };

/** Adds entities and facts from recall or path answers that the loaded view does not have yet. */
export function mergeFacts(
  graph: KnowledgeGraph,
  entities: WireEntity[],
  facts: FactLike[],
  near?: string,
): number {
  const nodes = new Map<string, GraphPayload['nodes'][number]>();
  for (const e of entities) {
    nodes.set(e.uid, {
      key: e.uid,
      attributes: {
        label: e.name,
        type: e.type || 'unknown',
        mentions: e.mentions,
        isUser: e.key === 'user',
        createdAt: e.createdAt,
      },
    });
  }
  for (const f of facts) {
    for (const [uid, name] of [
      [f.subjectUid, f.subject],
      [f.objectUid, f.object],
    ] as const) {
      if (!nodes.has(uid) && !graph.hasNode(uid)) {
        nodes.set(uid, {
          key: uid,
          attributes: { label: name, type: 'unknown', mentions: 1, isUser: false, createdAt: f.validFrom },
        });
      }
    }
  }
  return mergePayload(
    graph,
    {
      attributes: { userId: '', asOf: null, truncated: false, entities: 0, facts: 0 },
      nodes: [...nodes.values()].filter((n) => !graph.hasNode(n.key)),
      edges: facts.map((f) => ({
        key: f.uid,
        source: f.subjectUid,
        target: f.objectUid,
        attributes: {
          label: f.predicate,
          predicate: f.key ?? f.predicate.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '_'),
          statement: f.statement,
          validFrom: f.validFrom,
          validTo: f.validTo,
          current: f.validTo === null,
          mentions: f.mentions ?? 1,
        },
      })),
    },
    near,
  );
}

/** Node size grows with the square root of degree, so hubs stand out without swallowing the view. */
export function sizeByDegree(graph: KnowledgeGraph): void {
  graph.forEachNode((node) => {
    graph.setNodeAttribute(node, 'size', 3 + 2.2 * Math.sqrt(graph.degree(node)));
  });
}

function startPosition(key: string, origin: { x: number; y: number } | null): [number, number] {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  const angle = ((hash % 3600) / 3600) * 2 * Math.PI;
  const radius = origin ? 1 + (hash % 7) / 7 : 10 + (hash % 1000) / 10;
  return [(origin?.x ?? 0) + radius * Math.cos(angle), (origin?.y ?? 0) + radius * Math.sin(angle)];
}
