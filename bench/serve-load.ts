import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServe } from '../test/helpers/serve.js';
import { loadQuestions } from './metaqa-data.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

/** How the closed-loop load test runs. */
export interface LoadOptions {
  /** A data dir holding the MetaQA user (imported by the retrieval bench or `kgmem import`). */
  dataDir: string;
  userId: string;
  clients?: number;
  seconds?: number;
}

/**
 * A closed-loop load test of `kgmem serve` (the built CLI, a child process on a loopback port):
 * `clients` clients each send a request as soon as their previous one is answered, for
 * `seconds`; three requests in four are recalls of MetaQA questions, one in four a graph
 * neighbourhood of the question's entity. Prints requests/s, latency quantiles and errors.
 */
export async function benchServeLoad(options: LoadOptions): Promise<string> {
  const clients = options.clients ?? 16;
  const seconds = options.seconds ?? 30;
  if (!existsSync(join(options.dataDir, 'graph.lbug'))) throw new Error(`no database in ${options.dataDir}`);
  const { url, stop } = await startServe(options.dataDir);
  try {
    const questions = [...loadQuestions(1), ...loadQuestions(2), ...loadQuestions(3)];
    const request = (i: number) => {
      const q = questions[i % questions.length] as { question: string; topic: string };
      return i % 4 === 3
        ? `${url}api/users/${options.userId}/graph?around=${encodeURIComponent(q.topic)}&hops=1&limit=200`
        : `${url}api/users/${options.userId}/recall?q=${encodeURIComponent(q.question)}&limit=20`;
    };
    // Warm-up: the first request loads the user (snapshot or database).
    const warm = performance.now();
    await (await fetch(request(0))).arrayBuffer();
    const firstMs = performance.now() - warm;
    const latencies: number[] = [];
    let errors = 0;
    let next = 1;
    const deadline = performance.now() + seconds * 1000;
    const client = async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const started = performance.now();
        try {
          const response = await fetch(request(i));
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: clients }, client));
    const elapsed = (performance.now() - began) / 1000;
    const row = {
      clients,
      seconds: elapsed.toFixed(1),
      requests: latencies.length,
      'requests/s': (latencies.length / elapsed).toFixed(1),
      'p50 ms': quantile(latencies, 0.5).toFixed(1),
      'p95 ms': quantile(latencies, 0.95).toFixed(1),
      'p99 ms': quantile(latencies, 0.99).toFixed(1),
      errors,
      'first request ms': firstMs.toFixed(0),
    };
    return `### kgmem serve under load (MetaQA user, ${clients} closed-loop clients, ${seconds} s, 3 recalls : 1 graph)\n\n${markdownTable([row])}`;
  } finally {
    await stop();
  }
}

// `npx tsx bench/serve-load.ts <data-dir> [user]`: the load test alone, on an existing database.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [dataDir = '.kgmem', userId = 'metaqa'] = process.argv.slice(2);
  console.log(await benchServeLoad({ dataDir, userId }));
}
