import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import type { Memory } from '../src/memory/memory.js';
import type { MemoryOptions } from '../src/memory/options.js';
import { normalizeKey } from '../src/model/normalize.js';
import { searchTerms } from '../src/model/text.js';
import type { RecalledFact } from '../src/model/types.js';
import { Bm25Index } from '../src/store/cache/bm25.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { type Persona, type PersonalQuestion, personas, type Wording } from './personal-data.js';
import { seededUids } from './seeded-uids.js';
import { markdownTable } from './table.js';

/** How facts reached the memory: an agent's save tool, or first-person sentences. */
type WritePath = 'addTriples' | 'remember (dev sentences)' | 'remember (held-apart sentences)';

interface Ranks {
  /** 1-based rank of the answer fact among the returned facts, or 0 when absent. */
  kgmem: number;
  bm25: number;
  /** The context block holds the answer. */
  context: boolean;
}

/** Whether a fact answers a question: its object (or, for a friend's food, subject too) matches. */
export function answers(fact: { subject: string; object: string }, question: PersonalQuestion): boolean {
  return (
    normalizeKey(fact.object) === normalizeKey(question.answer.object) &&
    (question.answer.subject === 'I' || normalizeKey(fact.subject) === normalizeKey(question.answer.subject))
  );
}

function rankOf<T>(items: readonly T[], hit: (item: T) => boolean): number {
  const at = items.findIndex(hit);
  return at < 0 || at >= 10 ? 0 : at + 1;
}

async function writePersona(
  memory: Memory,
  persona: Persona,
  path: WritePath,
  userId: string,
): Promise<void> {
  const at = new Date(Date.UTC(2026, 0, 1));
  if (path === 'addTriples') {
    await memory.addTriples(userId, persona.triples, { at, source: 'save_knowledge' });
    return;
  }
  const wording: Wording = path === 'remember (dev sentences)' ? 'dev' : 'held';
  for (const [i, sentence] of persona.sentences.filter((s) => s.wording === wording).entries()) {
    await memory.remember({
      userId,
      threadId: 'life',
      messages: [{ role: 'user', content: sentence.text }],
      at: new Date(at.getTime() + i * 60_000),
    });
  }
}

/** BM25 over the statements of a user's current facts: the ranking a plain text index gives. */
async function bm25Ranking(memory: Memory, userId: string): Promise<(query: string) => RecalledFact[]> {
  const facts = await memory.facts(userId, { limit: 100_000 });
  const index = new Bm25Index();
  for (const fact of facts) index.add(fact.uid, searchTerms(fact.statement));
  const byUid = new Map(facts.map((f) => [f.uid, f]));
  return (query) =>
    index.search(searchTerms(query), 10).flatMap((hit) => {
      const fact = byUid.get(hit.uid);
      return fact ? [{ ...fact, score: hit.score, hops: 0, signals: [] } as RecalledFact] : [];
    });
}

/** The figures of one write path and question wording. */
interface Cell {
  path: WritePath;
  wording: Wording;
  ranks: Ranks[];
}

function summary(cell: Cell): Record<string, string | number> {
  const n = cell.ranks.length;
  const share = (f: (r: Ranks) => boolean) => (cell.ranks.filter(f).length / n).toFixed(3);
  const mrr = (pick: (r: Ranks) => number) =>
    (cell.ranks.reduce((s, r) => s + (pick(r) > 0 ? 1 / pick(r) : 0), 0) / n).toFixed(3);
  const kgHit1 = cell.ranks.filter((r) => r.kgmem === 1).length / n;
  const bmHit1 = cell.ranks.filter((r) => r.bm25 === 1).length / n;
  return {
    'facts written by': cell.path,
    questions: `${n} (${cell.wording === 'dev' ? 'dev' : 'held-apart'} wording)`,
    'kgmem hit@1': kgHit1.toFixed(3),
    'kgmem hit@3': share((r) => r.kgmem > 0 && r.kgmem <= 3),
    'kgmem MRR@10': mrr((r) => r.kgmem),
    'answer in context': share((r) => r.context),
    'BM25 hit@1': bmHit1.toFixed(3),
    'BM25 MRR@10': mrr((r) => r.bm25),
    'kgmem / BM25 hit@1': (kgHit1 / Math.max(1e-9, bmHit1)).toFixed(2),
  };
}

/**
 * The personal-memory benchmark: every persona's facts written three ways (one memory user
 * each), every question asked of each, the answer fact's rank among the recalled facts, and BM25
 * over the same user's fact statements beside it. Returns the Markdown section and the cells.
 */
export async function benchPersonal(options: Pick<MemoryOptions, 'store' | 'embeddings' | 'recall'> = {}) {
  const people = personas();
  const dir = tempDir('kgmem-personal-');
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: {},
    newUid: seededUids(),
    ...options,
  });
  const cells: Cell[] = [];
  const misses: string[] = [];
  try {
    const paths: WritePath[] = ['addTriples', 'remember (dev sentences)', 'remember (held-apart sentences)'];
    for (const path of paths) {
      const byWording = new Map<Wording, Ranks[]>([
        ['dev', []],
        ['held', []],
      ]);
      for (const persona of people) {
        const userId = `${persona.id}-${paths.indexOf(path)}`;
        await writePersona(memory, persona, path, userId);
        const bm25 = await bm25Ranking(memory, userId);
        for (const question of persona.questions) {
          const recalled = await memory.recall({ userId, query: question.question, limit: 10 });
          const kgmem = rankOf(recalled.facts, (f) => answers(f, question));
          const ranks = {
            kgmem,
            bm25: rankOf(bm25(question.question), (f) => answers(f, question)),
            context: recalled.context.toLowerCase().includes(question.answer.object.toLowerCase()),
          };
          byWording.get(question.wording)?.push(ranks);
          // Only dev-wording misses are printed: the held-apart questions stay unseen while tuning.
          if (kgmem !== 1 && question.wording === 'dev' && process.env.BENCH_PERSONAL_MISSES)
            misses.push(
              `${path} | ${question.question} | want ${question.answer.subject} ${question.answer.predicate} ${question.answer.object} | got ${recalled.facts
                .slice(0, 3)
                .map((f) => f.statement)
                .join(' ; ')}`,
            );
        }
      }
      for (const [wording, ranks] of byWording) cells.push({ path, wording, ranks });
    }
  } finally {
    await memory.close();
    dir.remove();
  }
  if (misses.length > 0) console.error(misses.join('\n'));
  const questions = people.reduce((n, p) => n + p.questions.length, 0);
  return {
    cells,
    markdown:
      `### Personal memory: everyday questions (${people.length} personas, ${questions} questions, each asked of facts written three ways)\n\n` +
      `${markdownTable(cells.map(summary))}\n\n` +
      'Each persona keeps 9–12 everyday facts (home, employer, job, dog, instrument, sport, allergy, a friend and their favourite food, favourite food, sister, partner, hometown, age, birthday, email; instrument and sport are both `plays`). ' +
      "Facts are written three ways, one memory user each: the triples an agent's save tool writes (`addTriples`), and `remember()` of one first-person sentence per fact (offline rule extractor), in the dev wording and in a held-apart wording. " +
      'Questions use words the predicates do not ("Who is my employer?", "What\'s my pup called?"), in a dev wording and a held-apart one never tuned on. hit@1: the answer fact is the first recalled fact; MRR over the top 10; context: the answer is in the context block. BM25: the same tokenizer and stemmer over the statements of the user\'s facts, top 10.',
  };
}
