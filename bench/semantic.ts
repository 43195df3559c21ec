import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { InMemoryStore } from '@langchain/langgraph';
import { OpenAIEmbeddings } from '@langchain/openai';
import type { EmbeddingsLike } from '../src/embed/base.js';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { LocalEmbeddings } from '../src/embed/local.js';
import { createMemory } from '../src/memory/create.js';
import { factStatement } from '../src/model/statement.js';
import { searchTerms } from '../src/model/text.js';
import { Bm25Index } from '../src/store/cache/bm25.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { benchLocomo } from './locomo.js';
import { loadLocomo } from './locomo-data.js';
import { MemoEmbeddings } from './memo-embeddings.js';
import { metaqaMethods } from './metaqa-semantic.js';
import { answers, benchPersonal } from './personal.js';
import { personas, type SavedPersona } from './personal-data.js';
import { otherPersonalHit1 } from './personal-other.js';
import { otherPersonas } from './personal-other-data.js';
import { unseenPersonas } from './personal-unseen-data.js';
import { rrf } from './rrf.js';
import { markdownTable } from './table.js';

const ROOT = join(import.meta.dirname, '..');

/** An embedder under test, and how its requests are counted. */
interface Embedder {
  name: string;
  make: () => EmbeddingsLike;
  dims: number;
}

/** Counts an embedder's requests, texts and time (what a paid or remote embedder bills). */
class Counted {
  requests = 0;
  texts = 0;
  ms = 0;
  constructor(private readonly inner: EmbeddingsLike) {}
  readonly embeddings: EmbeddingsLike = {
    embedDocuments: async (texts: string[]) => {
      const start = performance.now();
      this.requests++;
      this.texts += texts.length;
      const out = await this.inner.embedDocuments(texts);
      this.ms += performance.now() - start;
      return out;
    },
    embedQuery: async (text: string) => {
      const start = performance.now();
      this.requests++;
      this.texts++;
      const out = await this.inner.embedQuery(text);
      this.ms += performance.now() - start;
      return out;
    },
  };
}

/** The local embeddings server's settings: the running one, else one started here (and stopped after). */
export function localServer(): { baseUrl: string; model: string; stop: () => void } | { skipped: string } {
  if (process.env.KGMEM_EMBEDDINGS_BASE_URL && process.env.KGMEM_EMBEDDING_MODEL)
    return {
      baseUrl: process.env.KGMEM_EMBEDDINGS_BASE_URL,
      model: process.env.KGMEM_EMBEDDING_MODEL,
      stop: () => {},
    };
  const script = join(ROOT, 'scripts', 'embeddings.mjs');
  const started = spawnSync(process.execPath, [script, 'start'], { encoding: 'utf8', cwd: ROOT });
  if (started.status !== 0) return { skipped: started.stderr.trim().split('\n').pop() ?? 'could not start' };
  const lines = Object.fromEntries(
    started.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('=', 2) as [string, string]),
  );
  return {
    baseUrl: String(lines.KGMEM_EMBEDDINGS_BASE_URL),
    model: String(lines.KGMEM_EMBEDDING_MODEL),
    stop: () => spawnSync(process.execPath, [script, 'stop'], { cwd: ROOT }),
  };
}

/** The local model as an ONNX directory for the in-process embedder: made once by `npm run embeddings:local`. */
export function localModel(): { directory: string } | { skipped: string } {
  const script = join(ROOT, 'scripts', 'embeddings.mjs');
  const made = spawnSync(process.execPath, [script, 'local'], { encoding: 'utf8', cwd: ROOT });
  const line = made.stdout?.trim().split('\n').at(-1) ?? '';
  if (made.status !== 0 || !line.startsWith('KGMEM_EMBEDDINGS=local:'))
    return { skipped: made.stderr?.trim().split('\n').pop() ?? 'could not make the local model directory' };
  return { directory: line.slice('KGMEM_EMBEDDINGS=local:'.length) };
}

interface Scores {
  recall10: number;
  hit1: number;
  n: number;
}
const empty = (): Scores => ({ recall10: 0, hit1: 0, n: 0 });
function add(score: Scores, ranked: readonly string[], evidence: readonly string[]): void {
  const top = new Set(ranked.slice(0, 10));
  score.recall10 += evidence.filter((e) => top.has(e)).length / evidence.length;
  score.hit1 += ranked[0] !== undefined && evidence.includes(ranked[0]) ? 1 : 0;
  score.n++;
}

/** LoCoMo dev: the seeds' store over turns, BM25 over turns and their hybrid, one embedder. */
async function locomoBaselines(embeddings: EmbeddingsLike, dims: number) {
  const store = new InMemoryStore({ index: { dims, embeddings: embeddings as never, fields: ['text'] } });
  const result = { store: empty(), bm25: empty(), hybrid: empty() };
  for (const conversation of loadLocomo()) {
    const bm25 = new Bm25Index();
    for (let i = 0; i < conversation.turns.length; i += 64) {
      const batch = conversation.turns.slice(i, i + 64);
      await store.batch(
        batch.map((t) => ({
          namespace: ['locomo', conversation.id],
          key: t.diaId,
          value: { text: `${t.speaker}: ${t.text}` },
        })),
      );
    }
    for (const t of conversation.turns) bm25.add(t.diaId, searchTerms(t.text));
    for (const q of conversation.questions) {
      if (![1, 2, 3, 4].includes(q.category) || q.evidence.length === 0) continue;
      const byStore = (await store.search(['locomo', conversation.id], { query: q.question, limit: 10 })).map(
        (item) => item.key,
      );
      const byText = bm25.search(searchTerms(q.question), 10).map((h) => h.uid);
      add(result.store, byStore, q.evidence);
      add(result.bm25, byText, q.evidence);
      add(result.hybrid, rrf(byStore, byText), q.evidence);
    }
  }
  return result;
}

/** Personal memory (facts by `addTriples`): the seeds' store over facts, BM25 and their hybrid. */
async function personalBaselines(
  embeddings: EmbeddingsLike,
  dims: number,
  people: readonly SavedPersona[] = personas(),
) {
  const result = { store: 0, bm25: 0, hybrid: 0, n: 0 };
  for (const persona of people) {
    const store = new InMemoryStore({ index: { dims, embeddings: embeddings as never, fields: ['text'] } });
    const facts = persona.triples.map((t, i) => ({
      id: String(i),
      ...t,
      text: factStatement(t.subject, t.predicate, t.object),
    }));
    await store.batch(facts.map((f) => ({ namespace: ['p'], key: f.id, value: { text: f.text } })));
    const bm25 = new Bm25Index();
    for (const f of facts) bm25.add(f.id, searchTerms(f.text));
    for (const question of persona.questions) {
      const byStore = (await store.search(['p'], { query: question.question, limit: 10 })).map((i) => i.key);
      const byText = bm25.search(searchTerms(question.question), 10).map((h) => h.uid);
      const first = (ranking: string[]) => {
        const fact = facts[Number(ranking[0] ?? -1)];
        return fact !== undefined && answers(fact, question) ? 1 : 0;
      };
      result.store += first(byStore);
      result.bm25 += first(byText);
      result.hybrid += first(rrf(byStore, byText));
      result.n++;
    }
  }
  return result;
}

/** Embedding requests and time per `remember()` of a LoCoMo turn and per `addTriples` of 5. */
export async function writeCost(embeddings: EmbeddingsLike) {
  const counted = new Counted(embeddings);
  const dir = tempDir('kgmem-writecost-');
  const memory = await createMemory({ dataDir: dir.path, embeddings: counted.embeddings, env: {} });
  try {
    const turns = (loadLocomo()[0]?.turns ?? []).slice(0, 40);
    await memory.remember({ userId: 'warm', messages: [{ role: 'user', content: 'I live in Oslo.' }] });
    const before = { ...counted };
    let start = performance.now();
    for (const turn of turns)
      await memory.remember({
        userId: 'w',
        threadId: 't',
        messages: [{ role: 'user', content: turn.text }],
        at: turn.at,
      });
    const rememberMs = (performance.now() - start) / turns.length;
    const rememberRequests = (counted.requests - before.requests) / turns.length;
    const mid = { ...counted };
    start = performance.now();
    for (let i = 0; i < 20; i++)
      await memory.addTriples(
        'w',
        Array.from({ length: 5 }, (_, j) => ({
          subject: `Person ${i}-${j}`,
          predicate: 'likes',
          object: `dish ${i}-${j}`,
        })),
      );
    return {
      rememberRequests,
      rememberMs,
      addRequests: (counted.requests - mid.requests) / 20,
      addMs: (performance.now() - start) / 20,
    };
  } finally {
    await memory.close();
    dir.remove();
  }
}

/** MetaQA questions per hop count and wording for every method (the store scans every vector per question). */
const METAQA_PER_SET = 100;

/**
 * Recall with a real embedding model beside the offline one, against the seeds' own store (LangGraph
 * `InMemoryStore` with `index`), BM25 and their hybrid, the same embedder on both sides of each
 * comparison: LoCoMo dev evidence turns, the personal-memory questions (facts by `addTriples`) and
 * MetaQA (original and paraphrased). The real model is all-MiniLM-L6-v2 run in process
 * (`KGMEM_EMBEDDINGS=local:<dir>`, made by `npm run embeddings:local`); the write cost is measured
 * in process and through the local embeddings server (started here when none runs). Returns the
 * Markdown section.
 */
export async function benchSemantic(): Promise<string> {
  const model = localModel();
  const embedders: Embedder[] = [
    { name: 'hashing (offline)', make: () => new HashingEmbeddings(), dims: 256 },
  ];
  const notes: string[] = [];
  if ('skipped' in model) notes.push(`The local model did not run: ${model.skipped}.`);
  else {
    // One memo for every method with the model: each distinct text is embedded once per run.
    const shared = new MemoEmbeddings(
      new LocalEmbeddings({ directory: model.directory }),
      'all-MiniLM-L6-v2',
    );
    embedders.push({ name: 'all-MiniLM-L6-v2 (in process)', make: () => shared, dims: 384 });
  }
  const rows: Record<string, string | number>[] = [];
  const metaqaRows: Record<string, string | number>[] = [];
  const costs: Record<string, string | number>[] = [];
  for (const embedder of embedders) {
    console.error(`[semantic] ${embedder.name}: LoCoMo`);
    const kg = await benchLocomo({}, { embeddings: embedder.make() });
    const base = await locomoBaselines(embedder.make(), embedder.dims);
    console.error(`[semantic] ${embedder.name}: personal memory`);
    const personal = await benchPersonal({ embeddings: embedder.make() });
    const kgPersonal = personal.cells.filter((c) => c.path === 'addTriples').flatMap((c) => c.ranks);
    const pBase = await personalBaselines(embedder.make(), embedder.dims);
    console.error(`[semantic] ${embedder.name}: personal memory, other predicates`);
    const kgOther = await otherPersonalHit1(embedder.make());
    const oBase = await personalBaselines(embedder.make(), embedder.dims, otherPersonas());
    const otherHit = (n: number) => (n / Math.max(1, oBase.n)).toFixed(3);
    console.error(`[semantic] ${embedder.name}: personal memory, unseen slots`);
    const kgUnseen = await otherPersonalHit1(embedder.make(), unseenPersonas());
    const uBase = await personalBaselines(embedder.make(), embedder.dims, unseenPersonas());
    const unseenHit = (n: number) => (n / Math.max(1, uBase.n)).toFixed(3);
    const share = (s: Scores, k: 'recall10' | 'hit1') => (s[k] / Math.max(1, s.n)).toFixed(3);
    const personalHit = (n: number) => (n / Math.max(1, pBase.n)).toFixed(3);
    rows.push(
      {
        method: 'kgmem',
        embedder: embedder.name,
        'LoCoMo recall@10': kg.recall10.toFixed(3),
        'LoCoMo hit@1': kg.hit1.toFixed(3),
        'personal hit@1': (
          kgPersonal.filter((r) => r.kgmem === 1).length / Math.max(1, kgPersonal.length)
        ).toFixed(3),
        'personal hit@1, other predicates': (kgOther.hits / Math.max(1, kgOther.n)).toFixed(3),
        'personal hit@1, unseen slots': (kgUnseen.hits / Math.max(1, kgUnseen.n)).toFixed(3),
      },
      {
        method: 'LangGraph InMemoryStore (index) over turns / facts',
        embedder: embedder.name,
        'LoCoMo recall@10': share(base.store, 'recall10'),
        'LoCoMo hit@1': share(base.store, 'hit1'),
        'personal hit@1': personalHit(pBase.store),
        'personal hit@1, other predicates': otherHit(oBase.store),
        'personal hit@1, unseen slots': unseenHit(uBase.store),
      },
      {
        method: 'BM25 over turns / facts',
        embedder: '—',
        'LoCoMo recall@10': share(base.bm25, 'recall10'),
        'LoCoMo hit@1': share(base.bm25, 'hit1'),
        'personal hit@1': personalHit(pBase.bm25),
        'personal hit@1, other predicates': otherHit(oBase.bm25),
        'personal hit@1, unseen slots': unseenHit(uBase.bm25),
      },
      {
        method: 'hybrid: store + BM25 (reciprocal rank fusion)',
        embedder: embedder.name,
        'LoCoMo recall@10': share(base.hybrid, 'recall10'),
        'LoCoMo hit@1': share(base.hybrid, 'hit1'),
        'personal hit@1': personalHit(pBase.hybrid),
        'personal hit@1, other predicates': otherHit(oBase.hybrid),
        'personal hit@1, unseen slots': unseenHit(uBase.hybrid),
      },
    );
    console.error(`[semantic] ${embedder.name}: MetaQA`);
    const metaqa = await metaqaMethods(embedder.make(), embedder.dims, METAQA_PER_SET);
    const methods = [
      ['kgmem', metaqa.kgmem, embedder.name],
      ['LangGraph InMemoryStore (index) over facts', metaqa.store, embedder.name],
      ['BM25 over facts', metaqa.bm25, '—'],
      ['hybrid: store + BM25 (reciprocal rank fusion)', metaqa.hybrid, embedder.name],
    ] as const;
    for (const [method, scores, name] of methods) {
      const cells: Record<string, string> = {};
      for (const [i, hops] of ['1', '2', '3'].entries()) {
        cells[`${hops}-hop`] = (scores.original[i] ?? 0).toFixed(3);
        cells[`${hops}-hop paraphrased`] = (scores.paraphrased[i] ?? 0).toFixed(3);
      }
      metaqaRows.push({ method, embedder: name, ...cells });
    }
  }
  console.error('[semantic] write cost');
  const costOf = async (name: string, embeddings: EmbeddingsLike) => {
    const cost = await writeCost(embeddings);
    costs.push({
      embedder: name,
      'embedding requests per remember()': cost.rememberRequests.toFixed(1),
      'ms per remember()': cost.rememberMs.toFixed(1),
      'embedding requests per addTriples of 5': cost.addRequests.toFixed(1),
      'ms per addTriples of 5': cost.addMs.toFixed(1),
    });
  };
  await costOf('hashing (offline)', new HashingEmbeddings());
  if (!('skipped' in model))
    await costOf('all-MiniLM-L6-v2 (in process)', new LocalEmbeddings({ directory: model.directory }));
  const server = localServer();
  if ('skipped' in server) notes.push(`The local embeddings server did not run: ${server.skipped}.`);
  else {
    try {
      await costOf(
        `${server.model} (local server)`,
        new OpenAIEmbeddings({
          model: server.model,
          apiKey: 'none',
          configuration: { baseURL: server.baseUrl },
        }),
      );
    } finally {
      server.stop();
    }
  }
  return [
    "### Recall with a real embedding model, beside the seeds' store (LoCoMo dev, personal memory)",
    markdownTable(rows),
    `### MetaQA dev with each embedder: recall@20 of every method (${METAQA_PER_SET} questions per hop count and wording, evenly spread)`,
    markdownTable(metaqaRows),
    '### Write cost of each embedder',
    markdownTable(costs),
    "LoCoMo: both development conversations, questions of categories 1–4, evidence turns among the top 10 (recall@10) and the first (hit@1); kgmem as in the LoCoMo table. LangGraph `InMemoryStore` with `index: { embed, dims }` holds each turn (`speaker: text`), searched with the question; BM25 over the raw turns; the hybrid fuses the two rankings by reciprocal rank (k = 60). Personal memory: the facts an agent saves (`addTriples`), all 1,400 questions (dev and held-apart wordings); the store holds each fact's statement as a memory. Other predicates: the second personal set (bench/personal-other-data.ts: 24 personas, facts saved under names other agents use, such as `occupation`, `employed_by`, `alma_mater`, asked in words those names mostly do not share), all 960 questions, the same way. Unseen slots: the third personal set (bench/personal-unseen-data.ts: 56 everyday slots neither other set has, 24 personas of 11 slots, 792 questions in three plain wordings), written after the recipe was fitted and never fitted on: the nearest this page has to a user's own predicates and words (its first 20 slots were a scratch probe whose misses were read while the phrasal-verb, closest-reading and possessed-word changes were built; the other 36 were only measured; the personas are drawn anew). MetaQA: kb.tsv as one user (kgmem, `recall` with the hop count) and as 129,233 memories of the store, one per fact's statement; answers counted among the entities of the top 20 facts. The local model is all-MiniLM-L6-v2 run in process with ONNX Runtime (`KGMEM_EMBEDDINGS=local:<dir>`); the server row is the same model behind `npm run embeddings:start` (NumPy). Write cost: 40 LoCoMo turns through `remember()` (offline rule extractor) and 20 `addTriples` of 5 new facts, embedding requests counted at the embedder.",
    ...notes,
  ].join('\n\n');
}
