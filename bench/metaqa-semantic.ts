import { join } from 'node:path';
import { InMemoryStore } from '@langchain/langgraph';
import { IMPORT_BUFFER_POOL } from '../src/cli/context.js';
import type { EmbeddingsLike } from '../src/embed/base.js';
import { createMemory } from '../src/memory/create.js';
import { normalizeKey } from '../src/model/normalize.js';
import { factStatement } from '../src/model/statement.js';
import { searchTerms } from '../src/model/text.js';
import { Bm25Index } from '../src/store/cache/bm25.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { evaluateKgmem, importKb, sample } from './metaqa.js';
import { loadKb, loadQuestions, type Question } from './metaqa-data.js';
import { rrf } from './rrf.js';
import { seededUids } from './seeded-uids.js';

const K = 20;
// The store's items live in shards under one prefix: InMemoryStore spreads one namespace's items
// into a single call, which overflows the stack at 129k items.
const SHARDS = 32;

/** Recall@20 per hop count, original and paraphrased questions, for one method. */
export interface MetaqaMethodScores {
  original: number[];
  paraphrased: number[];
}

/** What {@link metaqaMethods} measures with one embedder. */
export interface MetaqaMethods {
  kgmem: MetaqaMethodScores;
  store: MetaqaMethodScores;
  bm25: MetaqaMethodScores;
  hybrid: MetaqaMethodScores;
  questionsPerSet: number;
  importSeconds: number;
}

function recallOf(question: Question, names: Iterable<string>): number {
  const found = new Set([...names].map(normalizeKey));
  const matched = question.answers.filter((a) => found.has(normalizeKey(a))).length;
  return matched / Math.min(question.answers.length, K);
}

/**
 * MetaQA with one embedder, every method on the same questions: kgmem (`recall` with the hop
 * count), LangGraph's `InMemoryStore` with `index` holding each fact's statement as a memory, BM25
 * over the statements, and their reciprocal-rank hybrid; recall@20 of the answers among the
 * returned facts' entities, on an evenly spread sample of the original and the paraphrased dev
 * questions of each hop count.
 */
export async function metaqaMethods(
  embeddings: EmbeddingsLike,
  dims: number,
  perSet: number,
): Promise<MetaqaMethods> {
  const kb = loadKb();
  const statements = kb.map((t) => factStatement(t.subject, t.predicate, t.object));
  const dir = tempDir('kgmem-metaqa-semantic-');
  // The kb goes in as one transaction, as `kgmem import` writes it, with the pool that command opens.
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings,
    env: {},
    newUid: seededUids(),
    store: { ladybug: { path: join(dir.path, 'graph.lbug'), bufferPoolSize: IMPORT_BUFFER_POOL } },
  });
  const store = new InMemoryStore({ index: { dims, embeddings: embeddings as never, fields: ['text'] } });
  const bm25 = new Bm25Index();
  const scores = (): MetaqaMethodScores => ({ original: [], paraphrased: [] });
  const result: MetaqaMethods = {
    kgmem: scores(),
    store: scores(),
    bm25: scores(),
    hybrid: scores(),
    questionsPerSet: perSet,
    importSeconds: 0,
  };
  try {
    const start = performance.now();
    await importKb(memory, 'metaqa', kb);
    result.importSeconds = (performance.now() - start) / 1000;
    for (let i = 0; i < kb.length; i += 2000) {
      await store.batch(
        kb.slice(i, i + 2000).map((_, j) => ({
          namespace: ['metaqa', `shard-${(i + j) % SHARDS}`],
          key: String(i + j),
          value: { text: statements[i + j] as string },
        })),
      );
    }
    for (const [i, text] of statements.entries()) bm25.add(String(i), searchTerms(text));
    const names = (ids: readonly string[]) =>
      ids.slice(0, K).flatMap((id) => {
        const t = kb[Number(id)];
        return t ? [t.subject, t.object] : [];
      });
    for (const hops of [1, 2, 3] as const) {
      for (const set of ['original', 'paraphrased'] as const) {
        const questions = sample(loadQuestions(hops, set === 'paraphrased'), perSet);
        const kg = await evaluateKgmem(memory, 'metaqa', questions, hops);
        result.kgmem[set].push(kg.recall);
        let byStore = 0;
        let byText = 0;
        let byBoth = 0;
        for (const question of questions) {
          const storeIds = (await store.search(['metaqa'], { query: question.question, limit: K })).map(
            (item) => item.key,
          );
          const textIds = bm25.search(searchTerms(question.question), K).map((h) => h.uid);
          byStore += recallOf(question, names(storeIds));
          byText += recallOf(question, names(textIds));
          byBoth += recallOf(question, names(rrf(storeIds, textIds)));
        }
        result.store[set].push(byStore / questions.length);
        result.bm25[set].push(byText / questions.length);
        result.hybrid[set].push(byBoth / questions.length);
      }
    }
  } finally {
    await memory.close();
    dir.remove();
  }
  return result;
}
