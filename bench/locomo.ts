import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import type { MemoryOptions } from '../src/memory/options.js';
import { searchTerms } from '../src/model/text.js';
import type { RecallResult } from '../src/model/types.js';
import { Bm25Index } from '../src/store/cache/bm25.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { type LocomoConversation, loadLocomo } from './locomo-data.js';
import { seededUids } from './seeded-uids.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

const K = 10;
/** The depths evidence is counted at (recall@k and hit@k). */
const DEPTHS = [1, 3, 5, 10] as const;
type Depth = (typeof DEPTHS)[number];
const CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

/** One retriever's evidence scores on one set of questions. */
interface Score {
  questions: number;
  /** Sum over questions of recall@k and hit@k, per depth. */
  recall: Record<Depth, number>;
  hit: Record<Depth, number>;
}

const emptyScore = (): Score => ({
  questions: 0,
  recall: { 1: 0, 3: 0, 5: 0, 10: 0 },
  hit: { 1: 0, 3: 0, 5: 0, 10: 0 },
});

/** What went into memory for one conversation. */
interface WriteReport {
  conversation: string;
  turns: number;
  stored: number;
  facts: number;
  refused: number;
}

/** recall@k and hit@k of one question's ranked turns, at every depth. */
export function scoreOf(retrieved: readonly string[], evidence: readonly string[]): Omit<Score, 'questions'> {
  const score = emptyScore();
  for (const k of DEPTHS) {
    const top = new Set(retrieved.slice(0, k));
    const found = evidence.filter((e) => top.has(e)).length;
    score.recall[k] = evidence.length === 0 ? 0 : found / evidence.length;
    score.hit[k] = found > 0 ? 1 : 0;
  }
  return score;
}

/** Each speaker's memory user for a conversation. */
export function userOf(conversation: LocomoConversation, speaker: string): string {
  return `locomo-${conversation.id}-${speaker.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * Writes every turn through `remember()` as its speaker's own message (thread = session, time
 * = the session's time), offline; returns what was stored and the episode → turn map.
 */
export async function writeConversation(
  memory: Memory,
  conversation: LocomoConversation,
  turnOf: Map<string, string>,
): Promise<WriteReport> {
  const report: WriteReport = { conversation: conversation.id, turns: 0, stored: 0, facts: 0, refused: 0 };
  for (const turn of conversation.turns) {
    report.turns++;
    try {
      const result = await memory.remember({
        userId: userOf(conversation, turn.speaker),
        threadId: `session_${turn.session}`,
        messages: [{ role: 'user', content: turn.text, name: turn.speaker }],
        at: turn.at,
      });
      turnOf.set(result.episodeUid, turn.diaId);
      report.facts += result.added;
      if (result.status !== 'duplicate') report.stored++;
    } catch (error) {
      report.refused++;
      console.error(
        `LoCoMo ${conversation.id} ${turn.diaId} refused: ${error instanceof Error ? error.stack : String(error)}`,
      );
    }
  }
  return report;
}

/**
 * The turns a recall points to, best first: its episodes by their fused score (which already
 * counts the facts they are the source of), then the sources of its facts not among them.
 */
export function rankedTurns(results: readonly RecallResult[], turnOf: ReadonlyMap<string, string>): string[] {
  const rank = (items: { uids: readonly string[]; score: number }[]) => {
    const best = new Map<string, number>();
    for (const { uids, score } of items) {
      for (const uid of uids) {
        const turn = turnOf.get(uid);
        if (turn && (best.get(turn) ?? -1) < score) best.set(turn, score);
      }
    }
    return [...best.entries()].sort((a, b) => b[1] - a[1]).map(([turn]) => turn);
  };
  const episodes = rank(results.flatMap((r) => r.episodes.map((e) => ({ uids: [e.uid], score: e.score }))));
  const facts = rank(results.flatMap((r) => r.facts.map((f) => ({ uids: f.episodeIds, score: f.score }))));
  return [...new Set([...episodes, ...facts])];
}

/**
 * LoCoMo evidence-turn recall: both development conversations through `remember()` (offline rule
 * extractor, hashing embedder), every question of categories 1–4 recalled against both speakers'
 * memories, the evidence turns counted among the top 10 turns the returned facts and episodes
 * come from; beside BM25 over the raw turns in the same run.
 */
export async function benchLocomo(
  recall: MemoryOptions['recall'] = {},
  options: Pick<MemoryOptions, 'store' | 'embeddings' | 'extractor'> = {},
  conversations: readonly LocomoConversation[] = loadLocomo(),
): Promise<{
  markdown: string;
  recall10: number;
  bm25Recall10: number;
  hit1: number;
  bm25Hit1: number;
  latencies: number[];
  /** Turns written, facts extracted, and the write time per turn (ms). */
  turns: number;
  facts: number;
  msPerTurn: number;
}> {
  const dir = tempDir('kgmem-locomo-');
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: {},
    recall,
    newUid: seededUids(),
    ...options,
  });
  const writes: WriteReport[] = [];
  const perCategory = new Map<string, { kg: Score; bm25: Score }>();
  const latencies: number[] = [];
  const add = (category: string, which: 'kg' | 'bm25', s: Omit<Score, 'questions'>) => {
    const entry = perCategory.get(category) ?? { kg: emptyScore(), bm25: emptyScore() };
    entry[which].questions++;
    for (const k of DEPTHS) {
      entry[which].recall[k] += s.recall[k];
      entry[which].hit[k] += s.hit[k];
    }
    perCategory.set(category, entry);
  };
  try {
    for (const conversation of conversations) {
      const turnOf = new Map<string, string>();
      const writeStart = performance.now();
      const report = await writeConversation(memory, conversation, turnOf);
      writes.push({ ...report, ms: Math.round(performance.now() - writeStart) } as WriteReport);
      const bm25 = new Bm25Index();
      for (const turn of conversation.turns) bm25.add(turn.diaId, searchTerms(turn.text));
      const users = conversation.speakers.map((s) => userOf(conversation, s));
      for (const q of conversation.questions) {
        const category = CATEGORIES[q.category];
        if (!category || q.evidence.length === 0) continue;
        const start = performance.now();
        const results = await Promise.all(
          users.map((userId) => memory.recall({ userId, query: q.question, limit: K })),
        );
        latencies.push(performance.now() - start);
        const kg = scoreOf(rankedTurns(results, turnOf), q.evidence);
        const base = scoreOf(
          bm25.search(searchTerms(q.question), K).map((h) => h.uid),
          q.evidence,
        );
        for (const c of [category, 'all']) {
          add(c, 'kg', kg);
          add(c, 'bm25', base);
        }
      }
    }
  } finally {
    await memory.close();
    dir.remove();
  }
  const rows = [...perCategory.entries()]
    .sort((a, b) => (a[0] === 'all' ? 1 : b[0] === 'all' ? -1 : a[0].localeCompare(b[0])))
    .map(([category, { kg, bm25 }]) => {
      const share = (score: Score, of: 'recall' | 'hit', k: Depth) =>
        (score[of][k] / score.questions).toFixed(3);
      const row: Record<string, string | number> = { category, questions: kg.questions };
      for (const k of DEPTHS)
        row[`kgmem / BM25 recall@${k}`] = `${share(kg, 'recall', k)} / ${share(bm25, 'recall', k)}`;
      row['kgmem / BM25 hit@1'] = `${share(kg, 'hit', 1)} / ${share(bm25, 'hit', 1)}`;
      row['hit@1 ratio'] = (kg.hit[1] / Math.max(1e-9, bm25.hit[1])).toFixed(2);
      row['recall@10 ratio'] = (kg.recall[10] / Math.max(1e-9, bm25.recall[10])).toFixed(2);
      row['kgmem / BM25 hit@10'] = `${share(kg, 'hit', 10)} / ${share(bm25, 'hit', 10)}`;
      return row;
    });
  const writeRows = writes.map((w) => ({
    conversation: w.conversation,
    turns: w.turns,
    'turns stored': w.stored,
    'facts extracted': w.facts,
    refused: w.refused,
    'write ms': (w as WriteReport & { ms: number }).ms,
  }));
  const all = perCategory.get('all');
  const markdown =
    '### LoCoMo evidence-turn recall (k = 1, 3, 5, 10; 2 development conversations, offline)\n\n' +
    `${markdownTable(rows)}\n\n` +
    `Recall p50 / p95: ${quantile(latencies, 0.5).toFixed(1)} / ${quantile(latencies, 0.95).toFixed(1)} ms for both speakers' memories.\n\n` +
    `${markdownTable(writeRows)}\n\n` +
    "Each turn goes through `remember()` as its speaker's own message (thread = session, time = the session's time; a shared image's caption is part of the turn); questions of categories 1–4 recall against both speakers' memories (`limit: 10`), and the evidence turns are counted among the top k turns the returned episodes and facts come from (recall@k: the share of a question's evidence turns found; hit@k: at least one found). BM25: the same tokenizer and stemmer over the raw turns of the conversation.";
  return {
    markdown,
    recall10: all ? all.kg.recall[10] / all.kg.questions : 0,
    bm25Recall10: all ? all.bm25.recall[10] / all.bm25.questions : 0,
    hit1: all ? all.kg.hit[1] / all.kg.questions : 0,
    bm25Hit1: all ? all.bm25.hit[1] / all.bm25.questions : 0,
    latencies,
    turns: writes.reduce((n, w) => n + w.turns, 0),
    facts: writes.reduce((n, w) => n + w.facts, 0),
    msPerTurn:
      writes.reduce((n, w) => n + (w as WriteReport & { ms: number }).ms, 0) /
      Math.max(
        1,
        writes.reduce((n, w) => n + w.turns, 0),
      ),
  };
}
