import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Entity, Fact } from '../../model/types.js';
import { storedObservations } from '../observations.js';
import type { EpisodeIndexData } from './episode-index.js';
import type { VectorIndexData } from './vector-index.js';

// 2: facts carry their observations (times and sources). 3: the index of stored turns.
const FORMAT = 'kgmem-user-snapshot/3';
const MAGIC = Buffer.from('KGSNAP1\n');

/**
 * What a process keeps of one user, saved so the next process starts without reading it all
 * back from the database: the user graph, the entity and fact vector indexes and the index of
 * stored turns (each optional).
 * Valid only for the database generation it was taken at.
 */
export interface UserSnapshot {
  userId: string;
  /** The database's write generation when the snapshot was taken. */
  generation: string;
  graph?: { entities: Entity[]; facts: Fact[] };
  entityVectors?: VectorIndexData;
  factVectors?: VectorIndexData;
  episodes?: EpisodeIndexData;
}

type Column =
  | { name: string; type: 'json'; value: unknown }
  | { name: string; type: 'u32'; value: Uint32Array }
  | { name: string; type: 'u16'; value: Uint16Array }
  | { name: string; type: 'f32'; value: Float32Array }
  | { name: string; type: 'f64'; value: Float64Array };

interface Header {
  format: string;
  userId: string;
  generation: string;
  sections: { name: string; type: Column['type']; offset: number; bytes: number }[];
}

/** Where a user's snapshot lives in a snapshot folder: `<folder>/<sha1 of the user id>.snap`. */
export function snapshotFile(folder: string, userId: string): string {
  return join(folder, `${createHash('sha1').update(userId).digest('hex')}.snap`);
}

/** The snapshot folder of an embedded database: `<database>.snapshots`. */
export function snapshotFolder(databasePath: string): string {
  return `${databasePath}.snapshots`;
}

/** Where a user's snapshot of an embedded database lives: `<database>.snapshots/<sha1 of the user id>.snap`. */
export function snapshotPath(databasePath: string, userId: string): string {
  return snapshotFile(snapshotFolder(databasePath), userId);
}

/** Writes a snapshot atomically (a temporary file renamed over the old one). */
export function writeSnapshot(path: string, snapshot: UserSnapshot): void {
  const columns: Column[] = [];
  const { graph } = snapshot;
  if (graph) columns.push(...graphColumns(graph));
  // A vector index usually holds the graph's entities (or facts) in the graph's order: its uid
  // list is then stored once, as a reference to the graph's column.
  if (snapshot.entityVectors) {
    const same = graph && sameUids(snapshot.entityVectors.uids, graph.entities);
    columns.push(...vectorColumns('ev', snapshot.entityVectors, same ? 'entity.uid' : undefined));
  }
  if (snapshot.factVectors) {
    const same = graph && sameUids(snapshot.factVectors.uids, graph.facts);
    columns.push(...vectorColumns('fv', snapshot.factVectors, same ? 'fact.uid' : undefined));
  }
  if (snapshot.episodes) {
    const { vectors, ...rest } = snapshot.episodes;
    columns.push({ name: 'ep.index', type: 'json', value: rest });
    columns.push(...vectorColumns('epv', vectors));
  }
  const bodies = columns.map((c) =>
    c.type === 'json'
      ? Buffer.from(JSON.stringify(c.value))
      : Buffer.from(c.value.buffer, c.value.byteOffset, c.value.byteLength),
  );
  const sections: Header['sections'] = [];
  let offset = 0;
  for (const [i, c] of columns.entries()) {
    const bytes = (bodies[i] as Buffer).length;
    sections.push({ name: c.name, type: c.type, offset, bytes });
    offset = align8(offset + bytes);
  }
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      userId: snapshot.userId,
      generation: snapshot.generation,
      sections,
    } satisfies Header),
  );
  const prefix = Buffer.alloc(align8(MAGIC.length + 4 + header.length));
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(header.length, MAGIC.length);
  header.copy(prefix, MAGIC.length + 4);
  const out = Buffer.alloc(prefix.length + offset);
  prefix.copy(out, 0);
  for (const [i, s] of sections.entries()) (bodies[i] as Buffer).copy(out, prefix.length + s.offset);
  mkdirSync(join(path, '..'), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, out);
  renameSync(temporary, path);
}

/** Reads a snapshot taken at `generation`; `undefined` when there is none, it is stale or unreadable. */
export function readSnapshot(path: string, userId: string, generation: string): UserSnapshot | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    // Read section by section: typed columns land straight in their own arrays and each JSON
    // column is parsed and released, so the whole file is never in memory at once.
    const read = (position: number, bytes: number, into = Buffer.allocUnsafe(bytes)) => {
      let done = 0;
      while (done < bytes) {
        const n = readSync(fd, into, done, bytes - done, position + done);
        if (n === 0) throw new Error('snapshot: unexpected end of file');
        done += n;
      }
      return into;
    };
    const prefix = read(0, MAGIC.length + 4);
    if (!prefix.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const headerLength = prefix.readUInt32LE(MAGIC.length);
    const header = JSON.parse(read(MAGIC.length + 4, headerLength).toString('utf8')) as Header;
    if (header.format !== FORMAT || header.userId !== userId || header.generation !== generation)
      return undefined;
    const base = align8(MAGIC.length + 4 + headerLength);
    const columns = new Map<string, unknown>();
    for (const s of header.sections) {
      const position = base + s.offset;
      if (s.type === 'json') {
        columns.set(s.name, JSON.parse(read(position, s.bytes).toString('utf8')));
        continue;
      }
      const array = new ArrayBuffer(s.bytes);
      read(position, s.bytes, Buffer.from(array));
      columns.set(s.name, typed(s.type, array));
    }
    return {
      userId,
      generation,
      ...(columns.has('entity.uid') ? { graph: decodeGraph(columns, userId) } : {}),
      ...(hasVectors('ev', columns) ? { entityVectors: decodeVectors('ev', columns) } : {}),
      ...(hasVectors('fv', columns) ? { factVectors: decodeVectors('fv', columns) } : {}),
      ...(columns.has('ep.index') && hasVectors('epv', columns)
        ? {
            episodes: {
              ...(columns.get('ep.index') as Omit<EpisodeIndexData, 'vectors'>),
              vectors: decodeVectors('epv', columns),
            },
          }
        : {}),
    };
  } catch {
    return undefined; // a damaged cache file is rebuilt from the database
  } finally {
    closeSync(fd);
  }
}

function graphColumns(graph: { entities: Entity[]; facts: Fact[] }): Column[] {
  const { entities, facts } = graph;
  const index = new Map(entities.map((e, i) => [e.uid, i]));
  const dictionary = <T>(values: readonly T[], keyOf: (v: T) => string) => {
    const ids = new Map<string, number>();
    const items: T[] = [];
    const refs = new Uint32Array(values.length);
    for (const [i, v] of values.entries()) {
      const key = keyOf(v);
      let id = ids.get(key);
      if (id === undefined) {
        id = items.length;
        ids.set(key, id);
        items.push(v);
      }
      refs[i] = id;
    }
    return { items, refs };
  };
  const predicates = dictionary(
    facts.map((f) => f.predicate),
    (p) => p,
  );
  const keys = dictionary(
    facts.map((f) => f.key),
    (k) => k,
  );
  const episodes = dictionary(
    facts.map((f) => f.episodeIds),
    (ids) => JSON.stringify(ids),
  );
  const sparse = (values: (string | null)[]) => {
    const out: Record<number, string> = {};
    for (const [i, v] of values.entries()) if (v !== null) out[i] = v;
    return out;
  };
  const refOf = (uid: string) => {
    const i = index.get(uid);
    if (i === undefined) throw new Error(`snapshot: fact entity ${uid} is not among the user's entities`);
    return i;
  };
  const dates = (values: (Date | null)[]) => Float64Array.from(values, (d) => (d ? d.getTime() : Number.NaN));
  return [
    { name: 'entity.uid', type: 'json', value: entities.map((e) => e.uid) },
    { name: 'entity.key', type: 'json', value: entities.map((e) => e.key) },
    { name: 'entity.name', type: 'json', value: entities.map((e) => e.name) },
    { name: 'entity.type', type: 'json', value: entities.map((e) => e.type) },
    {
      name: 'entity.summary',
      type: 'json',
      value: sparse(entities.map((e) => (e.summary ? e.summary : null))),
    },
    {
      name: 'entity.aliases',
      type: 'json',
      value: sparse(
        entities.map((e) =>
          e.aliases.length === 1 && e.aliases[0] === e.key ? null : JSON.stringify(e.aliases),
        ),
      ),
    },
    { name: 'entity.mentions', type: 'f64', value: Float64Array.from(entities, (e) => e.mentions) },
    { name: 'entity.createdAt', type: 'f64', value: dates(entities.map((e) => e.createdAt)) },
    { name: 'entity.updatedAt', type: 'f64', value: dates(entities.map((e) => e.updatedAt)) },
    { name: 'fact.uid', type: 'json', value: facts.map((f) => f.uid) },
    { name: 'fact.subject', type: 'u32', value: Uint32Array.from(facts, (f) => refOf(f.subjectUid)) },
    { name: 'fact.object', type: 'u32', value: Uint32Array.from(facts, (f) => refOf(f.objectUid)) },
    { name: 'fact.predicates', type: 'json', value: predicates.items },
    { name: 'fact.predicate', type: 'u32', value: predicates.refs },
    { name: 'fact.keys', type: 'json', value: keys.items },
    { name: 'fact.key', type: 'u32', value: keys.refs },
    { name: 'fact.statement', type: 'json', value: facts.map((f) => f.statement) },
    { name: 'fact.confidence', type: 'f64', value: Float64Array.from(facts, (f) => f.confidence) },
    { name: 'fact.validFrom', type: 'f64', value: dates(facts.map((f) => f.validFrom)) },
    { name: 'fact.validTo', type: 'f64', value: dates(facts.map((f) => f.validTo)) },
    { name: 'fact.createdAt', type: 'f64', value: dates(facts.map((f) => f.createdAt)) },
    { name: 'fact.episodeLists', type: 'json', value: episodes.items },
    { name: 'fact.episodes', type: 'u32', value: episodes.refs },
    { name: 'fact.invalidatedBy', type: 'json', value: sparse(facts.map((f) => f.invalidatedBy)) },
    { name: 'fact.supersededBy', type: 'json', value: sparse(facts.map((f) => f.supersededBy)) },
    { name: 'fact.mentions', type: 'f64', value: Float64Array.from(facts, (f) => f.mentions) },
    // Only facts said more than once, or not at their start by their first source (most are not).
    {
      name: 'fact.observations',
      type: 'json',
      value: sparse(
        facts.map((f) => {
          const stored = storedObservations(f);
          return stored.observedAt.length === 0
            ? null
            : JSON.stringify([f.observedAt.map((t) => t.getTime()), f.observedBy]);
        }),
      ),
    },
  ];
}

function decodeGraph(c: Map<string, unknown>, userId: string): { entities: Entity[]; facts: Fact[] } {
  const get = <T>(name: string) => {
    if (!c.has(name)) throw new Error(`snapshot: missing ${name}`);
    return c.get(name) as T;
  };
  const uids = get<string[]>('entity.uid');
  const keys = get<string[]>('entity.key');
  const names = get<string[]>('entity.name');
  const types = get<string[]>('entity.type');
  const summaries = get<Record<number, string>>('entity.summary');
  const aliases = get<Record<number, string>>('entity.aliases');
  const mentions = get<Float64Array>('entity.mentions');
  const created = get<Float64Array>('entity.createdAt');
  const updated = get<Float64Array>('entity.updatedAt');
  // Records are shared read-only (nothing sets a Date), so one Date serves every equal instant: a
  // bulk import stamps thousands of facts alike.
  const instants = new Map<number, Date>();
  const dateAt = (ms: number) => {
    let date = instants.get(ms);
    if (!date) {
      date = new Date(ms);
      instants.set(ms, date);
    }
    return date;
  };
  const entities: Entity[] = uids.map((uid, i) => ({
    uid,
    userId,
    key: keys[i] as string,
    name: names[i] as string,
    type: types[i] as string,
    summary: summaries[i] ?? '',
    aliases: aliases[i] ? (JSON.parse(aliases[i]) as string[]) : [keys[i] as string],
    createdAt: dateAt(created[i] as number),
    updatedAt: dateAt(updated[i] as number),
    mentions: mentions[i] as number,
  }));
  const factUids = get<string[]>('fact.uid');
  const subjects = get<Uint32Array>('fact.subject');
  const objects = get<Uint32Array>('fact.object');
  const predicates = get<string[]>('fact.predicates');
  const predicate = get<Uint32Array>('fact.predicate');
  const factKeys = get<string[]>('fact.keys');
  const key = get<Uint32Array>('fact.key');
  const statements = get<string[]>('fact.statement');
  const confidence = get<Float64Array>('fact.confidence');
  const validFrom = get<Float64Array>('fact.validFrom');
  const validTo = get<Float64Array>('fact.validTo');
  const createdAt = get<Float64Array>('fact.createdAt');
  const episodeLists = get<string[][]>('fact.episodeLists');
  const episodes = get<Uint32Array>('fact.episodes');
  const invalidatedBy = get<Record<number, string>>('fact.invalidatedBy');
  const supersededBy = get<Record<number, string>>('fact.supersededBy');
  const factMentions = get<Float64Array>('fact.mentions');
  const observations = get<Record<number, string>>('fact.observations');
  const facts: Fact[] = factUids.map((uid, i) => {
    const subject = entities[subjects[i] as number] as Entity;
    const object = entities[objects[i] as number] as Entity;
    const to = validTo[i] as number;
    const from = dateAt(validFrom[i] as number);
    const episodeIds = episodeLists[episodes[i] as number] as string[];
    const said = observations[i];
    const [times, sources] = said ? (JSON.parse(said) as [number[], string[]]) : [undefined, undefined];
    return {
      uid,
      userId,
      subjectUid: subject.uid,
      subject: subject.name,
      objectUid: object.uid,
      object: object.name,
      predicate: predicates[predicate[i] as number] as string,
      key: factKeys[key[i] as number] as string,
      statement: statements[i] as string,
      confidence: confidence[i] as number,
      validFrom: from,
      validTo: Number.isNaN(to) ? null : dateAt(to),
      createdAt: dateAt(createdAt[i] as number),
      episodeIds,
      invalidatedBy: invalidatedBy[i] ?? null,
      supersededBy: supersededBy[i] ?? null,
      mentions: factMentions[i] as number,
      observedAt: times ? times.map(dateAt) : [from],
      observedBy: sources ?? [episodeIds[0] ?? ''],
    };
  });
  return { entities, facts };
}

function vectorColumns(prefix: string, data: VectorIndexData, uidsColumn?: string): Column[] {
  return [
    { name: `${prefix}.dimension`, type: 'json', value: data.dimension },
    uidsColumn
      ? { name: `${prefix}.uidsOf`, type: 'json', value: uidsColumn }
      : { name: `${prefix}.uids`, type: 'json', value: data.uids },
    { name: `${prefix}.offsets`, type: 'u32', value: data.offsets },
    { name: `${prefix}.dims`, type: 'u16', value: data.dims },
    { name: `${prefix}.values`, type: 'f32', value: data.values },
  ];
}

function sameUids(uids: readonly string[], records: readonly { uid: string }[]): boolean {
  if (uids.length !== records.length) return false;
  for (let i = 0; i < uids.length; i++) if (uids[i] !== records[i]?.uid) return false;
  return true;
}

function hasVectors(prefix: string, c: Map<string, unknown>): boolean {
  return c.has(`${prefix}.uids`) || c.has(`${prefix}.uidsOf`);
}

function decodeVectors(prefix: string, c: Map<string, unknown>): VectorIndexData {
  // A reference names the graph's column (the index then owns that parsed array: the graph keeps
  // its records, not the list).
  const of = c.get(`${prefix}.uidsOf`);
  const uids = typeof of === 'string' ? c.get(of) : c.get(`${prefix}.uids`);
  if (!Array.isArray(uids)) throw new Error(`snapshot: no uids for ${prefix}`);
  return {
    dimension: c.get(`${prefix}.dimension`) as number,
    uids: uids as string[],
    offsets: c.get(`${prefix}.offsets`) as Uint32Array,
    dims: c.get(`${prefix}.dims`) as Uint16Array,
    values: c.get(`${prefix}.values`) as Float32Array,
  };
}

function typed(
  type: 'u32' | 'u16' | 'f32' | 'f64',
  array: ArrayBuffer,
): Uint32Array | Uint16Array | Float32Array | Float64Array {
  if (type === 'u32') return new Uint32Array(array);
  if (type === 'u16') return new Uint16Array(array);
  if (type === 'f32') return new Float32Array(array);
  return new Float64Array(array);
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
