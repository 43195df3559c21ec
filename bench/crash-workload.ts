import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';

/**
 * The writes of the crash-safety check (`crash.ts`, `test/crash/kill-rounds.test.ts`): a
 * deterministic sequence of writes of every kind that a process runs until it is killed, each
 * recorded in an acknowledgement file once it returned, and the check, in another process, that
 * every acknowledged write is in the database.
 */

/** One write of the sequence. */
export type CrashOp =
  | { kind: 'add'; user: string; size: number; first: number }
  | { kind: 'remember'; user: string; n: number }
  | { kind: 'forget'; user: string; of: number }
  | { kind: 'correct'; user: string; n: number }
  | { kind: 'import'; user: string }
  | { kind: 'checkpoint' }
  | { kind: 'reopen' };

/** What an acknowledgement line records: the op's index in its round and what it returned. */
export interface Ack {
  round: number;
  index: number;
  op: CrashOp;
  /** The uids of the facts an `add` or `correct` stored, or the fact a `forget` removed (none when it had none to take). */
  uids?: string[];
  /** The episode a `remember` stored. */
  episodeUid?: string;
  /** The facts an `import` restored. */
  facts?: number;
}

/**
 * Which writes a round runs: `mixed`, every kind; `bulk-1000` and `bulk-5000`, only `addTriples`
 * of that many new facts (each with two new entities), as the reports of bricked memories did.
 */
export type CrashProfile = 'mixed' | 'bulk-1000' | 'bulk-5000';

/** Options of a writer run. */
export interface CrashWriterOptions {
  profile: CrashProfile;
  dataDir: string;
  round: number;
  /** Users the writes go to (`u0` … `u<users-1>`). */
  users: number;
  ackFile: string;
  /** Log bytes between checkpoints (small, so that kills land in checkpoints often). */
  checkpointLogSize: number;
}

/** A seeded generator (mulberry32): the same round always writes the same sequence. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The `index`th write of a round (the same for the writer and the check). */
export function opsOfRound(round: number, users: number, profile: CrashProfile): (index: number) => CrashOp {
  const random = seeded(round * 7919 + 17);
  const made: CrashOp[] = [];
  return (index) => {
    while (made.length <= index) {
      const i = made.length;
      const user = `u${Math.floor(random() * users)}`;
      const roll = random();
      const first = round * 10_000_000 + i * 10_000;
      if (profile !== 'mixed') {
        made.push({ kind: 'add', user, size: profile === 'bulk-1000' ? 1000 : 5000, first });
        continue;
      }
      made.push(
        roll < 0.45
          ? { kind: 'add', user, size: 1, first }
          : roll < 0.52
            ? { kind: 'add', user, size: 1000, first }
            : roll < 0.56
              ? { kind: 'add', user, size: 5000, first }
              : roll < 0.7
                ? { kind: 'remember', user, n: first }
                : roll < 0.8
                  ? { kind: 'forget', user, of: first }
                  : roll < 0.9
                    ? { kind: 'correct', user: 'mover', n: first }
                    : roll < 0.94
                      ? { kind: 'import', user: `imported-${round}-${i}` }
                      : roll < 0.97
                        ? { kind: 'checkpoint' }
                        : { kind: 'reopen' },
      );
    }
    return made[index] as CrashOp;
  };
}

/** The user every `import` restores a copy of (written by {@link seedCrashMemory}). */
export const TEMPLATE_USER = 'template';

/**
 * Writes what the check starts from: `users` users with a few facts each, and the template user
 * the imports copy (facts, a correction and turns).
 */
export async function seedCrashMemory(
  dataDir: string,
  users: number,
  checkpointLogSize: number,
): Promise<void> {
  const memory = await openCrashMemory(dataDir, checkpointLogSize);
  try {
    for (let u = 0; u < users; u++)
      await memory.addTriples(
        `u${u}`,
        Array.from({ length: 10 }, (_, i) => ({
          subject: `Seed ${u}-${i}`,
          predicate: 'likes',
          object: `Seedling ${i}`,
        })),
      );
    await memory.addTriples(
      TEMPLATE_USER,
      Array.from({ length: 40 }, (_, i) => ({
        subject: `Film ${i}`,
        predicate: 'directed_by',
        object: `Director ${i % 7}`,
      })),
    );
    await memory.addTriples(TEMPLATE_USER, [{ subject: 'I', predicate: 'lives_in', object: 'Ghent' }]);
    await memory.addTriples(TEMPLATE_USER, [{ subject: 'I', predicate: 'lives_in', object: 'Porto' }]);
    for (const content of ['I play the cello.', 'My sister Ana lives in Lisbon.'])
      await memory.remember({ userId: TEMPLATE_USER, messages: [{ role: 'user', content }] });
  } finally {
    await memory.close();
  }
}

/** Opens the memory the crash check writes to. */
export function openCrashMemory(dataDir: string, checkpointLogSize: number): Promise<Memory> {
  return createMemory({
    dataDir,
    share: false,
    embeddings: new HashingEmbeddings(),
    env: {},
    store: {
      ladybug: { path: join(dataDir, 'graph.lbug'), ...(checkpointLogSize > 0 ? { checkpointLogSize } : {}) },
    },
  });
}

/** Runs writes of the round's sequence until the process is killed (or `limit` writes). */
export async function runCrashWriter(
  options: CrashWriterOptions,
  limit = Number.POSITIVE_INFINITY,
  ready: () => void = () => {},
): Promise<void> {
  const opAt = opsOfRound(options.round, options.users, options.profile);
  let memory = await openCrashMemory(options.dataDir, options.checkpointLogSize);
  ready();
  // The facts this round added and has not forgotten, by user: what a `forget` picks from.
  const added = new Map<string, string[]>();
  for (let index = 0; index < limit; index++) {
    const op = opAt(index);
    const ack: Ack = { round: options.round, index, op };
    switch (op.kind) {
      case 'add': {
        const triples = Array.from({ length: op.size }, (_, i) => ({
          subject: `Item ${op.first + i}`,
          predicate: 'likes',
          object: `Thing ${op.first + i}`,
        }));
        const result = await memory.addTriples(op.user, triples);
        ack.uids = result.factUids;
        added.set(op.user, [...(added.get(op.user) ?? []), ...result.factUids.slice(0, 3)]);
        break;
      }
      case 'remember': {
        const result = await memory.remember({
          userId: op.user,
          messages: [{ role: 'user', content: `My friend Friend${op.n} lives in Town${op.n}.` }],
        });
        ack.episodeUid = result.episodeUid;
        break;
      }
      case 'forget': {
        // A forget with nothing of this round to take is acknowledged too (with no uid), so the
        // write after the last acknowledged one is always the one in flight at a kill.
        const uid = (added.get(op.user) ?? []).pop();
        ack.uids = uid === undefined ? [] : [uid];
        if (uid !== undefined) await memory.forgetFact(op.user, uid);
        break;
      }
      case 'correct': {
        const result = await memory.addTriples(op.user, [
          { subject: 'I', predicate: 'lives_in', object: `Home ${op.n}` },
        ]);
        ack.uids = result.factUids;
        break;
      }
      case 'import': {
        const summary = await memory.importUser(await memory.exportUser(TEMPLATE_USER), { userId: op.user });
        ack.facts = summary.restored.facts;
        break;
      }
      case 'checkpoint':
        await memory.cypher('CHECKPOINT');
        break;
      case 'reopen':
        await memory.close();
        memory = await openCrashMemory(options.dataDir, options.checkpointLogSize);
        break;
    }
    // One write of one line: a kill cannot leave half of it.
    appendFileSync(options.ackFile, `${JSON.stringify(ack)}\n`);
  }
  await memory.close();
}

/** What a check found: the acknowledged writes checked and those missing. */
export interface CrashCheck {
  acknowledged: number;
  missing: string[];
}

/**
 * Checks, in this process, that every write acknowledged in `ackFile` (all rounds so far) is in
 * the database: added and corrected facts are there (or were forgotten by a later write, or by
 * the write in flight at a kill), turns are stored, forgotten facts are gone, imported users hold
 * their facts, and the current home is the last acknowledged or a later one in flight.
 */
export async function checkAcknowledged(
  dataDir: string,
  ackFile: string,
  options: {
    users: number;
    profile: CrashProfile;
    checkpointLogSize: number;
    /** The rounds written so far (0 … rounds-1), each killed: a round may have been killed before its first acknowledgement. */
    rounds: number;
  },
): Promise<CrashCheck> {
  const { users, profile, checkpointLogSize, rounds } = options;
  const acks = existsSync(ackFile)
    ? readFileSync(ackFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Ack)
    : [];
  // The write in flight when each round was killed: it may or may not have been applied. A round
  // killed before its first acknowledgement (a slow first write) was in its first write.
  const inFlight = new Map<number, CrashOp>();
  const lastIndex = new Map<number, number>();
  for (const ack of acks) lastIndex.set(ack.round, Math.max(lastIndex.get(ack.round) ?? -1, ack.index));
  for (let round = 0; round < rounds; round++)
    inFlight.set(round, opsOfRound(round, users, profile)((lastIndex.get(round) ?? -1) + 1));
  const maybeForgotten = new Set<string>();
  const forgotten = new Set<string>();
  for (const ack of acks) if (ack.op.kind === 'forget') for (const uid of ack.uids ?? []) forgotten.add(uid);
  const memory = await openCrashMemory(dataDir, checkpointLogSize);
  const missing: string[] = [];
  try {
    const factsOf = new Map<string, Set<string>>();
    const facts = async (user: string) => {
      let known = factsOf.get(user);
      if (!known) {
        const all = await memory.facts(user, { includeHistory: true, limit: 1_000_000 });
        known = new Set(all.map((f) => f.uid));
        factsOf.set(user, known);
      }
      return known;
    };
    // A forget in flight may have taken one of the facts its round added for that user.
    for (const [round, op] of inFlight)
      if (op.kind === 'forget')
        for (const ack of acks)
          if (ack.round === round && ack.op.kind === 'add' && ack.op.user === op.user)
            for (const uid of (ack.uids ?? []).slice(0, 3)) maybeForgotten.add(uid);
    for (const ack of acks) {
      const { op } = ack;
      const where = `round ${ack.round} write ${ack.index} (${op.kind})`;
      if (op.kind === 'add' || op.kind === 'correct') {
        const known = await facts(op.user);
        for (const uid of ack.uids ?? [])
          if (!known.has(uid) && !forgotten.has(uid) && !maybeForgotten.has(uid)) {
            missing.push(`${where}: fact ${uid} of ${op.user} is not there`);
            break;
          }
      } else if (op.kind === 'forget') {
        for (const uid of ack.uids ?? [])
          if ((await facts(op.user)).has(uid)) missing.push(`${where}: forgotten fact ${uid} is back`);
      } else if (op.kind === 'remember') {
        const episodes = await memory.listEpisodes(op.user, { limit: 100_000 });
        if (!episodes.some((e) => e.uid === ack.episodeUid))
          missing.push(`${where}: turn ${ack.episodeUid} is not there`);
      } else if (op.kind === 'import') {
        const stats = await memory.stats(op.user);
        if (stats.facts !== ack.facts)
          missing.push(`${where}: ${op.user} holds ${stats.facts} facts, not ${ack.facts}`);
      }
    }
    const home = currentHomeOptions(acks, inFlight);
    if (home) {
      const current = (await memory.facts('mover', { predicate: 'lives_in' })).map((f) => f.object);
      if (current.length !== 1 || !home.includes(current[0] as string))
        missing.push(`the current home is ${JSON.stringify(current)}, not one of ${JSON.stringify(home)}`);
    }
  } finally {
    await memory.close();
  }
  return { acknowledged: acks.length, missing };
}

/**
 * The homes that may be current: the last acknowledged correction's, and any correction in
 * flight after it (undefined when no correction was acknowledged).
 */
function currentHomeOptions(
  acks: readonly Ack[],
  inFlight: ReadonlyMap<number, CrashOp>,
): string[] | undefined {
  let last: Ack | undefined;
  for (const ack of acks) if (ack.op.kind === 'correct') last = ack;
  if (last?.op.kind !== 'correct') return undefined;
  const options = [`Home ${last.op.n}`];
  for (const [round, op] of inFlight)
    if (op.kind === 'correct' && round >= last.round) options.push(`Home ${op.n}`);
  return options;
}
