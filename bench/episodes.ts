import { HashingEmbeddings } from '../src/embed/hashing.js';
import { QueryExpander } from '../src/lexicon/expansion.js';
import { createMemory } from '../src/memory/create.js';
import { contentHash } from '../src/memory/episode-id.js';
import type { Memory } from '../src/memory/memory.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { loadLocomo } from './locomo-data.js';
import { ms, quantile, timed } from './stats.js';
import { markdownTable } from './table.js';

/**
 * The offline embedder, counting its requests (what a paid embedder would bill). Bulk writes take
 * the in-process path (`embedSync`) of an embedder that has one, which a paid embedder has not:
 * counting every text it embeds, one request per write, keeps the figure what a paid embedder's
 * `embedDocuments` would cost.
 */
class CountingEmbeddings extends HashingEmbeddings {
  requests = 0;
  // Inside embedDocuments / embedQuery (already counted), and whether this synchronous batch of
  // embedSync calls has been counted.
  private inRequest = false;
  private batchCounted = false;

  override embedSync(text: string): Float32Array {
    if (!this.inRequest && !this.batchCounted) {
      this.batchCounted = true;
      this.requests++;
      // A bulk path embeds its batch in one synchronous run; the next batch is another request.
      queueMicrotask(() => {
        this.batchCounted = false;
      });
    }
    return super.embedSync(text);
  }

  override async embedDocuments(texts: string[]): Promise<number[][]> {
    this.requests++;
    return this.request(() => super.embedDocuments(texts));
  }

  override async embedQuery(text: string): Promise<number[]> {
    this.requests++;
    return this.request(() => super.embedQuery(text));
  }

  private request<T>(call: () => Promise<T>): Promise<T> {
    this.inRequest = true;
    try {
      return call();
    } finally {
      this.inRequest = false;
    }
  }
}

const TURNS = 10_000;

/**
 * Episode search on a user with 10,000 stored turns (LoCoMo turns, cycled), and the write cost of
 * making turns and facts searchable: embedding requests per `remember()` and per `addTriples`.
 */
export async function benchEpisodes(): Promise<string> {
  const turns = loadLocomo().flatMap((c) => c.turns);
  const dir = tempDir('kgmem-bench-episodes-');
  const embeddings = new CountingEmbeddings();
  const memory = await createMemory({ dataDir: dir.path, embeddings, env: {} });
  try {
    const { search, recall } = await episodeSearchLatency(memory, embeddings);

    // Write cost: a fresh user's turns through remember() (rule extractor) and addTriples of 5.
    const writeTurns = turns.slice(0, 100);
    const before = embeddings.requests;
    const rememberMs: number[] = [];
    for (const turn of writeTurns) {
      const [, elapsed] = await timed(() =>
        memory.remember({
          userId: 'writer',
          threadId: `session_${turn.session}`,
          messages: [{ role: 'user', content: turn.text }],
          at: turn.at,
        }),
      );
      rememberMs.push(elapsed);
    }
    const perRemember = (embeddings.requests - before) / writeTurns.length;
    const beforeTriples = embeddings.requests;
    const tripleMs: number[] = [];
    for (let i = 0; i < 100; i++) {
      const [, elapsed] = await timed(() =>
        memory.addTriples(
          'writer',
          Array.from({ length: 5 }, (_, j) => ({
            subject: `Thing ${i}`,
            predicate: 'has_part',
            object: `part ${i}-${j}`,
          })),
        ),
      );
      tripleMs.push(elapsed);
    }
    const perTriples = (embeddings.requests - beforeTriples) / 100;
    return (
      `### Episode search (one user with ${TURNS.toLocaleString('en-US')} stored turns)\n\n` +
      `${markdownTable([
        {
          what: 'searchEpisodes (BM25 of words and concepts + similarity)',
          queries: search.length,
          'p50 ms': ms(quantile(search, 0.5)),
          'p95 ms': ms(quantile(search, 0.95)),
        },
        {
          what: 'recall (all signals)',
          queries: recall.length,
          'p50 ms': ms(quantile(recall, 0.5)),
          'p95 ms': ms(quantile(recall, 0.95)),
        },
      ])}\n\n` +
      '### Write cost of search (offline hashing embedder, requests counted as a paid embedder would bill them)\n\n' +
      `${markdownTable([
        {
          write: 'remember(), one LoCoMo turn, rule extractor',
          samples: writeTurns.length,
          'embedding requests per call': perRemember.toFixed(2),
          'p50 ms': ms(quantile(rememberMs, 0.5)),
          'p95 ms': ms(quantile(rememberMs, 0.95)),
        },
        {
          write: 'addTriples, 5 new triples',
          samples: tripleMs.length,
          'embedding requests per call': perTriples.toFixed(2),
          'p50 ms': ms(quantile(tripleMs, 0.5)),
          'p95 ms': ms(quantile(tripleMs, 0.95)),
        },
      ])}\n\n` +
      "remember(): the turn is embedded (1 request) and recalled against for the extractor (1 query embedding); new entities and the new facts' statements are embedded in one request each. With a model, add its 1 request per turn."
    );
  } finally {
    await memory.close();
    dir.remove();
  }
}

/**
 * Episode search on one user with {@link TURNS} stored turns (LoCoMo turns, cycled): stored as
 * episodes with their embeddings (the store path remember() takes first), so the bench measures
 * search rather than hours of extraction; then 200 LoCoMo questions searched and recalled.
 */
export async function episodeSearchLatency(
  memory: Memory,
  embeddings: HashingEmbeddings,
): Promise<{ search: number[]; recall: number[] }> {
  const turns = loadLocomo().flatMap((c) => c.turns);
  const start = Date.UTC(2024, 0, 1);
  const vectors = await embeddings.embedDocuments(
    Array.from({ length: TURNS }, (_, i) => turns[i % turns.length]?.text ?? ''),
  );
  for (let i = 0; i < TURNS; i++) {
    const turn = turns[i % turns.length];
    const messages = [{ role: 'user' as const, content: `${turn?.text ?? ''} (${i})` }];
    await memory.store.createEpisode(
      {
        uid: `ep_bench_${i}`,
        userId: 'talker',
        threadId: `session_${Math.floor(i / 20)}`,
        messages,
        contentHash: contentHash('bench', messages),
        summary: '',
        at: new Date(start + i * 60_000),
        status: 'extracted',
        error: '',
      },
      vectors[i],
    );
  }
  const questions = loadLocomo()
    .flatMap((c) => c.questions)
    .filter((q) => q.category <= 4)
    .slice(0, 200)
    .map((q) => q.question);
  await memory.recall({ userId: 'talker', query: 'warm up' });
  const search: number[] = [];
  const recall: number[] = [];
  const expander = new QueryExpander();
  for (const question of questions) {
    const vector = await embeddings.embedQuery(question);
    const [, searchMs] = await timed(() =>
      memory.store.searchEpisodes('talker', {
        text: question,
        concepts: expander.conceptTerms(question),
        vector,
        k: 30,
        minSimilarity: 0.3,
      }),
    );
    search.push(searchMs);
    const [, recallMs] = await timed(() => memory.recall({ userId: 'talker', query: question }));
    recall.push(recallMs);
  }

  return { search, recall };
}
