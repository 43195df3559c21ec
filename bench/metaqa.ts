import { InMemoryStore } from '@langchain/langgraph-checkpoint';
import { defaultBatchSize } from '../src/cli/commands/import.js';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import type { Memory } from '../src/memory/memory.js';
import { normalizeKey } from '../src/model/normalize.js';
import { type KbTriple, loadKb, loadQuestions, type Question } from './metaqa-data.js';
import { ms, quantile, timed } from './stats.js';
import { markdownTable } from './table.js';

/** Quality of one retriever on one hop set. */
export interface HopScore {
  questions: number;
  hit: number;
  recall: number;
  latencies: number[];
}

const K = 20;

/**
 * Imports kb.tsv through the bring-your-own-triples path in transactions of `kgmem import`'s
 * default size; returns facts/s.
 */
export async function importKb(memory: Memory, userId: string, kb: readonly KbTriple[]): Promise<number> {
  const start = performance.now();
  const batch = defaultBatchSize(memory.store.backend);
  for (let i = 0; i < kb.length; i += batch) {
    await memory.addTriples(userId, kb.slice(i, i + batch), {
      source: 'import:kb.tsv',
      similarityMerge: false,
    });
  }
  return kb.length / ((performance.now() - start) / 1000);
}

function score(question: Question, entityNames: Iterable<string>): { hit: boolean; recall: number } {
  const found = new Set([...entityNames].map(normalizeKey));
  const matched = question.answers.filter((a) => found.has(normalizeKey(a))).length;
  return { hit: matched > 0, recall: matched / Math.min(question.answers.length, K) };
}

/** Scores a retriever that returns entity names for a question. */
async function evaluate(
  questions: readonly Question[],
  retrieve: (question: Question) => Promise<string[]>,
): Promise<HopScore> {
  let hits = 0;
  let recall = 0;
  const latencies: number[] = [];
  for (const question of questions) {
    const [names, elapsed] = await timed(() => retrieve(question));
    latencies.push(elapsed);
    const s = score(question, names);
    hits += s.hit ? 1 : 0;
    recall += s.recall;
  }
  return {
    questions: questions.length,
    hit: hits / questions.length,
    recall: recall / questions.length,
    latencies,
  };
}

/**
 * kgmem: recall({query, limit: 20, hops: n}) (no `hops`: inferred from the question); answers
 * counted among the returned facts' entities.
 */
export function evaluateKgmem(
  memory: Memory,
  userId: string,
  questions: readonly Question[],
  hops: number | undefined,
): Promise<HopScore> {
  return evaluate(questions, async (question) => {
    const result = await memory.recall({
      userId,
      query: question.question,
      limit: K,
      ...(hops === undefined ? {} : { hops }),
    });
    return result.facts.flatMap((f) => [f.subject, f.object]);
  });
}

/**
 * The vector-only baseline, the way the LangChain memory tutorial works: every triple as text in
 * LangGraph's InMemoryStore with an index (same embedder), top 20 by similarity to the question
 * (searched under the `["metaqa"]` prefix, so across all shards at once).
 */
export async function buildBaseline(kb: readonly KbTriple[]): Promise<InMemoryStore> {
  const store = new InMemoryStore({
    index: { dims: 256, embeddings: new HashingEmbeddings(), fields: ['text'] },
  });
  for (let i = 0; i < kb.length; i += 5000) {
    await store.batch(
      kb.slice(i, i + 5000).map((t, j) => ({
        // InMemoryStore spreads a namespace's items into one call, which overflows the stack at
        // 129k items: the triples are spread over shards under one prefix, searched as one.
        namespace: ['metaqa', `shard-${(i + j) % 32}`],
        key: String(i + j),
        value: {
          subject: t.subject,
          object: t.object,
          text: `${t.subject} ${t.predicate.replace(/_/g, ' ')} ${t.object}`,
        },
      })),
    );
  }
  return store;
}

/** Scores the baseline on questions. */
export function evaluateBaseline(store: InMemoryStore, questions: readonly Question[]): Promise<HopScore> {
  return evaluate(questions, async (question) => {
    const items = await store.search(['metaqa'], { query: question.question, limit: K });
    return items.flatMap((item) => [String(item.value.subject), String(item.value.object)]);
  });
}

/** Every n-th question, so a sample spreads over all question types. */
export function sample<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}

/** Runs the MetaQA comparison; returns the Markdown section. */
export async function benchMetaqa(
  memory: Memory,
  options: { baselineSample: number; questionLimit?: number },
) {
  const kb = loadKb();
  const userId = 'metaqa';
  const importRate = await importKb(memory, userId, kb);
  const rows: Record<string, string | number>[] = [];
  const kgmemLatencies: number[] = [];
  const baseline = options.baselineSample > 0 ? await buildBaseline(kb) : undefined;
  for (const hops of [1, 2, 3] as const) {
    const all = loadQuestions(hops);
    const questions = options.questionLimit ? sample(all, options.questionLimit) : all;
    const kg = await evaluateKgmem(memory, userId, questions, hops);
    kgmemLatencies.push(...kg.latencies);
    const inferred = await evaluateKgmem(memory, userId, questions, undefined);
    const allReworded = loadQuestions(hops, true);
    const rewordedSet = options.questionLimit ? sample(allReworded, options.questionLimit) : allReworded;
    const reworded = await evaluateKgmem(memory, userId, rewordedSet, undefined);
    const rewordedExplicit = await evaluateKgmem(memory, userId, rewordedSet, hops);
    const subset = sample(questions, options.baselineSample);
    const kgSubset = await evaluateKgmem(memory, userId, subset, hops);
    const base = baseline ? await evaluateBaseline(baseline, subset) : undefined;
    rows.push({
      hops,
      questions: kg.questions,
      'kgmem hit@20': kg.hit.toFixed(3),
      'kgmem recall@20': kg.recall.toFixed(3),
      'recall@20, hops inferred': inferred.recall.toFixed(3),
      'paraphrased questions': reworded.questions,
      'paraphrased recall@20': rewordedExplicit.recall.toFixed(3),
      'paraphrased recall@20, hops inferred': reworded.recall.toFixed(3),
      'sample size': subset.length,
      'kgmem recall@20 (sample)': kgSubset.recall.toFixed(3),
      'vector-only recall@20 (sample)': base ? base.recall.toFixed(3) : 'n/a',
      'vector-only hit@20 (sample)': base ? base.hit.toFixed(3) : 'n/a',
      'kgmem p50 ms': ms(quantile(kg.latencies, 0.5)),
      'vector-only p50 ms': base ? ms(quantile(base.latencies, 0.5)) : 'n/a',
    });
  }
  return {
    importRate,
    facts: kb.length,
    kgmemLatencies,
    markdown:
      `### MetaQA multi-hop retrieval (k = 20; kb.tsv as one user, ${kb.length.toLocaleString('en-US')} facts)\n\n` +
      `${markdownTable(rows)}\n\n` +
      "`kgmem recall@20`: `recall({query, limit: 20, hops: n})` with the question's hop count; `hops inferred`: no `hops`, recall infers it from the question; paraphrased: the same questions with their relation words reworded (`paraphrased/`), with the hop count and inferred. " +
      'Vector-only baseline: each triple as text in LangGraph `InMemoryStore` with an index, same offline ' +
      `hashing embedder, top 20 by cosine; it scans every vector in JavaScript per query, so it runs on an evenly spread sample, and kgmem is scored on the same sample beside it.`,
  };
}
