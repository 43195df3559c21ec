import { join } from 'node:path';
import { IMPORT_BUFFER_POOL } from '../src/cli/context.js';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { MemoryOptions } from '../src/memory/options.js';
import { Neo4jStore } from '../src/store/neo4j/store.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { episodeSearchLatency } from './episodes.js';
import { queriesFor, recallLatencies, warmUpQueriesFor } from './latency.js';
import { benchLocomo } from './locomo.js';
import { evaluateKgmem, importKb, sample } from './metaqa.js';
import { loadKb, loadQuestions } from './metaqa-data.js';
import { quantile } from './stats.js';

/** What one backend measured (printed as JSON by this process; see backends.ts). */
export interface BackendFigures {
  backend: string;
  facts: number;
  importRate: number;
  importSeconds: number;
  recall: { p50: number; p95: number; p99: number; queries: number; firstMs: number };
  metaqa: { hops: number; questions: number; recall: number }[];
  episodeSearch: { p50: number; p95: number; turns: number };
  locomo: { recall10: number; bm25Recall10: number };
  peakRssMb: number;
}

/**
 * One backend's side of the side-by-side benchmark, in a process of its own (so its peak memory
 * is its own): the MetaQA kb imported as one user, recall latency on it, MetaQA dev recall@20 with
 * the questions' hop counts, episode search at 10,000 turns, LoCoMo dev evidence recall@10.
 * `tsx bench/backend-run.ts ladybug|neo4j|neo4j-cached` (Neo4j from NEO4J_URI, NEO4J_USER,
 * NEO4J_PASSWORD; `neo4j-cached` wraps it in the cache, as KGMEM_NEO4J_CACHE=1 does).
 */
async function main(): Promise<void> {
  const backend = process.argv[2];
  if (backend !== 'ladybug' && backend !== 'neo4j' && backend !== 'neo4j-cached')
    throw new Error('usage: backend-run.ts ladybug|neo4j|neo4j-cached');
  // `neo4j-cached`: the Neo4j store wrapped in the cache (KGMEM_NEO4J_CACHE=1).
  const cache = backend === 'neo4j-cached';
  const neo4j =
    backend !== 'ladybug'
      ? {
          uri: process.env.NEO4J_URI ?? '',
          user: process.env.NEO4J_USER ?? 'neo4j',
          password: process.env.NEO4J_PASSWORD ?? '',
        }
      : undefined;
  const fresh = async () => {
    if (!neo4j) return;
    const store = new Neo4jStore(neo4j);
    await store.open(256, { reembedding: true });
    await store.clearAll();
    await store.close();
  };
  const dir = tempDir(`kgmem-bench-${backend}-`);
  const options = (): MemoryOptions => ({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: {},
    // The kb goes in as `kgmem import` writes it, with the pool that command opens.
    store: neo4j
      ? { neo4j, ...(cache ? { cache: true } : {}) }
      : { ladybug: { path: join(dir.path, 'graph.lbug'), bufferPoolSize: IMPORT_BUFFER_POOL } },
  });
  const questionLimit = process.env.BENCH_QUESTIONS ? Number(process.env.BENCH_QUESTIONS) : undefined;
  const phase = (what: string) => process.stderr.write(`[${backend}] ${what}\n`);
  try {
    await fresh();
    const memory = await createMemory(options());
    const kb = loadKb();
    const started = performance.now();
    phase('importing the MetaQA kb');
    const importRate = await importKb(memory, 'metaqa', kb);
    const importSeconds = (performance.now() - started) / 1000;
    phase('recall latency');
    // The first recall after the import: a cache loads its copy of the user then.
    const [firstQuery] = warmUpQueriesFor(kb, 1);
    const firstStarted = performance.now();
    await memory.recall({ userId: 'metaqa', query: firstQuery ?? 'Drama', limit: 20, hops: 2 });
    const firstRecallMs = performance.now() - firstStarted;
    // A server answers its first queries slower (its code not yet compiled, its caches cold):
    // 100 recalls about other names first, on both backends, so the figures are of a warm process.
    const latencies = await recallLatencies(memory, 'metaqa', queriesFor(kb, 500), warmUpQueriesFor(kb, 100));
    phase('MetaQA recall');
    const metaqa = [];
    for (const hops of [1, 2, 3] as const) {
      const all = loadQuestions(hops);
      const questions = questionLimit ? sample(all, questionLimit) : all;
      const score = await evaluateKgmem(memory, 'metaqa', questions, hops);
      metaqa.push({ hops, questions: score.questions, recall: score.recall });
    }
    phase('episode search at 10,000 turns');
    const episodes = await episodeSearchLatency(memory, new HashingEmbeddings());
    await memory.close();

    await fresh();
    phase('LoCoMo');
    const locomo = await benchLocomo(
      {},
      neo4j ? { store: { neo4j, ...(cache ? { cache: true } : {}) } } : {},
    );
    const figures: BackendFigures = {
      backend,
      facts: kb.length,
      importRate,
      importSeconds,
      recall: {
        p50: quantile(latencies, 0.5),
        p95: quantile(latencies, 0.95),
        p99: quantile(latencies, 0.99),
        queries: latencies.length,
        firstMs: firstRecallMs,
      },
      metaqa,
      episodeSearch: {
        p50: quantile(episodes.search, 0.5),
        p95: quantile(episodes.search, 0.95),
        turns: 10_000,
      },
      locomo: { recall10: locomo.recall10, bm25Recall10: locomo.bm25Recall10 },
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  } finally {
    dir.remove();
  }
}

await main();
