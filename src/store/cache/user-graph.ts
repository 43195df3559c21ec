import type { Entity, Fact } from '../../model/types.js';
import type { FactTimelineRef, TimeScope, WriteBatch } from '../base.js';
import { capOrder } from '../cap.js';

// Measured heap cost of one entity and one fact record with their map entries and adjacency
// (bench/many-users.ts, V8 on Node 20): what `approxBytes` counts.
const ENTITY_BYTES = 700;
const FACT_BYTES = 1100;
const KEY_BYTES = 90;

/**
 * One user's graph held in process: entities with their lookup keys, facts with adjacency in
 * both directions, and the predicate vocabulary. The embedded store is the only writer of its
 * database file, so after each committed write it applies the same batch here and the copy stays
 * exact; anything it cannot follow (deletes, hand-written Cypher, a failed transaction) drops the
 * copy, which is reloaded from the database on next use. It turns the read path's key lookups and
 * traversals, which cost milliseconds per query in Ladybug, into map lookups.
 */
export class UserGraph {
  private readonly entities = new Map<string, Entity>();
  private readonly byKey = new Map<string, string>();
  private readonly facts = new Map<string, Fact>();
  private readonly adjacency = new Map<string, string[]>();
  private readonly vocabulary = new Set<string>();
  // Per entity, its fact uids in cap order; cleared whenever a write changes the graph.
  private readonly capOrdered = new Map<string, string[]>();

  constructor(entities: readonly Entity[], facts: readonly Fact[]) {
    for (const entity of entities) this.addEntity(entity);
    for (const fact of facts) this.addFact(fact);
  }

  /** Every entity and fact held (shared read-only records), for a snapshot. */
  contents(): { entities: Entity[]; facts: Fact[] } {
    return { entities: [...this.entities.values()], facts: [...this.facts.values()] };
  }

  /** Every fact held (shared read-only records), without copying them into a list. */
  allFacts(): IterableIterator<Fact> {
    return this.facts.values();
  }

  /** Every entity held (shared read-only records). */
  allEntities(): IterableIterator<Entity> {
    return this.entities.values();
  }

  /** Facts held, current and closed. */
  get factCount(): number {
    return this.facts.size;
  }

  /** Entities plus facts. */
  get size(): number {
    return this.entities.size + this.facts.size;
  }

  /**
   * What the copy takes in memory, approximately (bytes): per entity and per fact records, their
   * keys and adjacency, as measured on V8 with everyday names and statements.
   */
  get approxBytes(): number {
    return this.entities.size * ENTITY_BYTES + this.facts.size * FACT_BYTES + this.byKey.size * KEY_BYTES;
  }

  /** Entities by lookup key (normalised name or alias). */
  entitiesByKeys(keys: readonly string[]): Map<string, Entity> {
    const found = new Map<string, Entity>();
    for (const key of keys) {
      const entity = this.entities.get(this.byKey.get(key) ?? '');
      if (entity) found.set(key, { ...entity, aliases: [...entity.aliases] });
    }
    return found;
  }

  /** Entities by uid. */
  entitiesByUids(uids: readonly string[]): Entity[] {
    return [...new Set(uids)].flatMap((uid) => {
      const entity = this.entities.get(uid);
      return entity ? [{ ...entity, aliases: [...entity.aliases] }] : [];
    });
  }

  /** Facts by uid (any validity). */
  factsByUids(uids: readonly string[]): Fact[] {
    return [...new Set(uids)].flatMap((uid) => {
      const fact = this.facts.get(uid);
      return fact ? [fact] : [];
    });
  }

  /** Facts, current and closed, leaving the subjects with the predicate keys. */
  factsFrom(pairs: readonly { subjectUid: string; key: string }[]): FactTimelineRef[] {
    const refs: FactTimelineRef[] = [];
    const seen = new Set<string>();
    for (const { subjectUid, key } of pairs) {
      for (const uid of this.adjacency.get(subjectUid) ?? []) {
        const fact = this.facts.get(uid);
        if (!fact || seen.has(uid) || fact.subjectUid !== subjectUid || fact.key !== key) continue;
        seen.add(uid);
        refs.push({
          uid,
          subjectUid,
          objectUid: fact.objectUid,
          key,
          predicate: fact.predicate,
          statement: fact.statement,
          confidence: fact.confidence,
          validFrom: fact.validFrom,
          validTo: fact.validTo,
          invalidatedBy: fact.invalidatedBy,
          supersededBy: fact.supersededBy,
          episodeIds: [...fact.episodeIds],
          mentions: fact.mentions,
          observedAt: [...fact.observedAt],
          observedBy: [...fact.observedBy],
        });
      }
    }
    return refs;
  }

  /**
   * Facts touching the entities, in the time scope, optionally of some predicate keys only; with
   * a cap, each entity's first `maxPerEntity` in {@link capOrder} (as on every backend), the
   * result in that order.
   */
  incidentFacts(
    uids: readonly string[],
    time: TimeScope,
    keys?: readonly string[],
    maxPerEntity = Infinity,
  ): Fact[] {
    const wanted = keys ? new Set(keys) : undefined;
    const capped = Number.isFinite(maxPerEntity);
    const seen = new Set<string>();
    const result: Fact[] = [];
    for (const entityUid of new Set(uids)) {
      let taken = 0;
      for (const uid of capped ? this.inCapOrder(entityUid) : (this.adjacency.get(entityUid) ?? [])) {
        if (taken >= maxPerEntity) break;
        const fact = this.facts.get(uid);
        if (!fact || (wanted && !wanted.has(fact.key)) || !inScope(fact, time)) continue;
        taken++;
        if (seen.has(uid)) continue;
        seen.add(uid);
        result.push(fact);
      }
    }
    return capped ? result.sort(capOrder) : result;
  }

  /** An entity's fact uids in {@link capOrder}, sorted once per change of the graph. */
  private inCapOrder(entityUid: string): string[] {
    let ordered = this.capOrdered.get(entityUid);
    if (!ordered) {
      const facts = [...new Set(this.adjacency.get(entityUid) ?? [])].flatMap((uid) => {
        const fact = this.facts.get(uid);
        return fact ? [fact] : [];
      });
      ordered = facts.sort(capOrder).map((fact) => fact.uid);
      this.capOrdered.set(entityUid, ordered);
    }
    return ordered;
  }

  /** The distinct predicate keys in use. */
  predicateKeys(): string[] {
    return [...this.vocabulary];
  }

  /** Applies a committed write batch, in the order the database applied it. */
  apply(batch: WriteBatch): void {
    this.capOrdered.clear();
    for (const e of batch.entities) {
      this.addEntity({
        uid: e.uid,
        userId: batch.userId,
        key: e.key,
        name: e.name,
        type: e.type,
        summary: e.summary,
        aliases: [...e.aliases],
        createdAt: e.at,
        updatedAt: e.at,
        mentions: e.mentions,
      });
    }
    for (const k of batch.keys) {
      const entity = this.entities.get(k.entityUid);
      if (!entity) continue;
      this.byKey.set(k.key, entity.uid);
      if (!entity.aliases.includes(k.key)) entity.aliases.push(k.key);
    }
    for (const t of batch.touches) {
      const entity = this.entities.get(t.uid);
      if (!entity) continue;
      entity.mentions += t.mentions;
      entity.updatedAt = t.at;
      entity.aliases = [...t.aliases];
      for (const alias of t.aliases) this.byKey.set(alias, entity.uid);
      if (!entity.type) entity.type = t.type;
    }
    for (const f of batch.facts) {
      const subject = this.entities.get(f.subjectUid);
      const object = this.entities.get(f.objectUid);
      this.addFact({
        uid: f.uid,
        userId: batch.userId,
        subjectUid: f.subjectUid,
        subject: subject?.name ?? '',
        objectUid: f.objectUid,
        object: object?.name ?? '',
        predicate: f.predicate,
        key: f.key,
        statement: f.statement,
        confidence: f.confidence,
        validFrom: f.validFrom,
        validTo: null,
        createdAt: f.createdAt,
        episodeIds: [...f.episodeIds],
        invalidatedBy: null,
        supersededBy: null,
        mentions: f.mentions,
        observedAt: [...f.observedAt],
        observedBy: [...f.observedBy],
      });
    }
    for (const m of batch.mentions) {
      const fact = this.facts.get(m.uid);
      if (!fact) continue;
      fact.mentions = m.mentions;
      fact.episodeIds = [...m.episodeIds];
      fact.observedAt = [...m.observedAt];
      fact.observedBy = [...m.observedBy];
    }
    for (const i of batch.invalidations) {
      const fact = this.facts.get(i.uid);
      if (!fact) continue;
      fact.validTo = i.validTo;
      fact.invalidatedBy = i.invalidatedBy;
      fact.supersededBy = i.supersededBy || null;
    }
    for (const move of batch.validFrom) {
      const fact = this.facts.get(move.uid);
      if (fact) fact.validFrom = move.validFrom;
    }
  }

  private addEntity(entity: Entity): void {
    this.entities.set(entity.uid, entity);
    for (const alias of entity.aliases) this.byKey.set(alias, entity.uid);
    this.byKey.set(entity.key, entity.uid);
  }

  private addFact(fact: Fact): void {
    this.facts.set(fact.uid, fact);
    this.vocabulary.add(fact.key);
    this.link(fact.subjectUid, fact.uid);
    if (fact.objectUid !== fact.subjectUid) this.link(fact.objectUid, fact.uid);
  }

  private link(entityUid: string, factUid: string): void {
    const list = this.adjacency.get(entityUid);
    if (list) list.push(factUid);
    else this.adjacency.set(entityUid, [factUid]);
  }
}

function inScope(fact: Fact, time: TimeScope): boolean {
  if (time.mode === 'all') return true;
  if (time.mode === 'current') return fact.validTo === null;
  const at = time.asOf.getTime();
  return fact.validFrom.getTime() <= at && (fact.validTo === null || fact.validTo.getTime() > at);
}
