import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import type { KbTriple } from './metaqa-data.js';
import { ms, quantile, timed } from './stats.js';
import { markdownTable } from './table.js';

const QUERY_FORMS = [
  (name: string) => `who directed ${name}`,
  (name: string) => `what movies did ${name} star in`,
  (name: string) => `what genre is ${name}`,
  (name: string) => `when was ${name} released`,
  (name: string) => `who wrote ${name}`,
  (name: string) => `tell me about ${name}`,
];

/** Recall queries about entities of a graph: the MetaQA question shapes around its own names. */
export function queriesFor(kb: readonly KbTriple[], count: number): string[] {
  const names = [...new Set(kb.map((t) => t.subject))];
  return Array.from({ length: count }, (_, i) => {
    const form = QUERY_FORMS[i % QUERY_FORMS.length] as (name: string) => string;
    return form(names[(i * 7919) % names.length] as string);
  });
}

/**
 * Queries of the same shapes about other names than {@link queriesFor}'s (from the other end of
 * the name list), to warm a process up without measuring the queries it then answers.
 */
export function warmUpQueriesFor(kb: readonly KbTriple[], count: number): string[] {
  const names = [...new Set(kb.map((t) => t.subject))].reverse();
  return Array.from({ length: count }, (_, i) => {
    const form = QUERY_FORMS[i % QUERY_FORMS.length] as (name: string) => string;
    return form(names[(i * 104_729) % names.length] as string);
  });
}

/**
 * Latency of each query's recall (limit 20, 2 hops), after the warm-up queries (by default the
 * first query once: it loads the user's graph).
 */
export async function recallLatencies(
  memory: Memory,
  userId: string,
  queries: readonly string[],
  warmUp: readonly string[] = queries.slice(0, 1),
): Promise<number[]> {
  for (const query of warmUp) await memory.recall({ userId, query, limit: 20, hops: 2 });
  const latencies: number[] = [];
  for (const query of queries) {
    const [, elapsed] = await timed(() => memory.recall({ userId, query, limit: 20, hops: 2 }));
    latencies.push(elapsed);
  }
  return latencies;
}

function row(graph: string, latencies: readonly number[]): Record<string, string | number> {
  return {
    graph,
    queries: latencies.length,
    'p50 ms': ms(quantile(latencies, 0.5)),
    'p95 ms': ms(quantile(latencies, 0.95)),
    'p99 ms': ms(quantile(latencies, 0.99)),
  };
}

/**
 * Recall latency on graphs of 1k, 10k and the full kb (reusing the MetaQA memory), 100 users ×
 * 1k facts querying one user, and addTriples write latency (5 triples).
 */
export async function benchLatency(
  full: { memory: Memory; userId: string; latencies?: number[] },
  kb: readonly KbTriple[],
  queriesPerGraph = 500,
): Promise<string> {
  const dir = tempDir('kgmem-bench-latency-');
  const memory = await createMemory({ dataDir: dir.path, embeddings: new HashingEmbeddings(), env: {} });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const size of [1_000, 10_000]) {
      const slice = kb.slice(0, size);
      const userId = `g${size}`;
      for (let i = 0; i < slice.length; i += 5000) {
        await memory.addTriples(userId, slice.slice(i, i + 5000), { similarityMerge: false });
      }
      rows.push(
        row(
          `${size.toLocaleString('en-US')} facts`,
          await recallLatencies(memory, userId, queriesFor(slice, queriesPerGraph)),
        ),
      );
    }
    rows.push(
      row(
        `${kb.length.toLocaleString('en-US')} facts (MetaQA kb)`,
        await recallLatencies(full.memory, full.userId, queriesFor(kb, queriesPerGraph)),
      ),
    );

    // 100 users × 1k facts: each user gets a different 1k slice; one user is queried.
    const many = await createMemory({
      dataDir: `${dir.path}/many`,
      embeddings: new HashingEmbeddings(),
      env: {},
    });
    try {
      for (let u = 0; u < 100; u++) {
        const start = (u * 1000) % (kb.length - 1000);
        await many.addTriples(`user-${u}`, kb.slice(start, start + 1000), { similarityMerge: false });
      }
      const target = kb.slice((42 * 1000) % (kb.length - 1000), ((42 * 1000) % (kb.length - 1000)) + 1000);
      rows.push(
        row(
          '1,000 facts, one of 100 users',
          await recallLatencies(many, 'user-42', queriesFor(target, queriesPerGraph)),
        ),
      );
    } finally {
      await many.close();
    }

    // Write latency: addTriples with 5 new triples into the 10k graph.
    const writes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const triples = Array.from({ length: 5 }, (_, j) => ({
        subject: `Bench movie ${i}`,
        predicate: j % 2 ? 'starred_actors' : 'has_tags',
        object: `bench value ${i}-${j}`,
      }));
      const [, elapsed] = await timed(() => memory.addTriples('g10000', triples));
      writes.push(elapsed);
    }
    const writeRow = `| addTriples, 5 triples (10k-fact user) | ${writes.length} | ${ms(quantile(writes, 0.5))} | ${ms(quantile(writes, 0.95))} | ${ms(quantile(writes, 0.99))} |`;
    return (
      '### Latency (embedded LadybugDB, offline hashing embedder, warm process)\n\n' +
      `${markdownTable(rows)}\n\n` +
      `| write | samples | p50 ms | p95 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: |\n${writeRow}\n\n` +
      "Recall: `limit: 20, hops: 2`, queries of the MetaQA question shapes about the graph's own entities; the first call per user (which loads its graph into memory) is not counted."
    );
  } finally {
    await memory.close();
    dir.remove();
  }
}
