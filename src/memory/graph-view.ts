import { USER_ENTITY_KEY } from '../model/normalize.js';
import type { Entity, Fact, GraphView } from '../model/types.js';

/**
 * Builds graphology's serialised form from entities and facts: every fact whose two ends are
 * among the entities becomes an edge keyed by the fact uid.
 */
export function buildGraphView(
  userId: string,
  entities: readonly Entity[],
  facts: readonly Fact[],
  meta: { asOf: Date | null; truncated: boolean },
): GraphView {
  const nodes = entities.map((e) => ({
    key: e.uid,
    attributes: {
      label: e.name,
      type: e.type || 'unknown',
      mentions: e.mentions,
      isUser: e.key === USER_ENTITY_KEY,
      createdAt: e.createdAt.toISOString(),
    },
  }));
  const present = new Set(nodes.map((n) => n.key));
  const edges = facts
    .filter((f) => present.has(f.subjectUid) && present.has(f.objectUid))
    .map((f) => ({
      key: f.uid,
      source: f.subjectUid,
      target: f.objectUid,
      attributes: {
        label: f.predicate,
        predicate: f.key,
        statement: f.statement,
        validFrom: f.validFrom.toISOString(),
        validTo: f.validTo ? f.validTo.toISOString() : null,
        current: f.validTo === null,
        mentions: f.mentions,
      },
    }));
  return {
    attributes: { userId, asOf: meta.asOf ? meta.asOf.toISOString() : null, truncated: meta.truncated },
    options: { type: 'directed', multi: true, allowSelfLoops: true },
    nodes,
    edges,
  };
}
