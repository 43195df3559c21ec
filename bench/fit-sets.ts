import type { Memory } from '../src/memory/memory.js';
import { normalizeKey } from '../src/model/normalize.js';
import type { RecallResult } from '../src/model/types.js';
import type { Retriever } from '../src/retrieve/recall.js';
import { rankedTurns, scoreOf, userOf, writeConversation } from './locomo.js';
import { loadLocomo } from './locomo-data.js';
import { importKb, sample } from './metaqa.js';
import { loadKb, loadQuestions } from './metaqa-data.js';
import { answers } from './personal.js';
import { type PersonalQuestion, personas, type SavedPersona } from './personal-data.js';
import { fitSlotPersonas, learnsFromSlot } from './personal-fit-slots-data.js';
import { otherPersonas } from './personal-other-data.js';

/** One question of a fit set: how to ask it, and how good a recall of it is. */
interface FitQuestion {
  /** The memory users it is asked of (several: their results are ranked together). */
  users: readonly string[];
  query: string;
  hops?: number;
  limit: number;
  /** The question's figures from its recalls: the objective first. */
  judge: (results: readonly RecallResult[]) => Record<string, number>;
}

/** A named set of questions, split into the part the fit learns from and the part it never sees. */
export interface FitSet {
  name: string;
  /** The figure the fit maximises (a key of each question's figures). */
  objective: string;
  /** That figure in words. */
  objectiveText: string;
  /** What each split is. */
  describe: { train: string; validation: string };
  /** A guard: no move of the fit may lower its objective, but it is not in the mean the fit raises. */
  guard?: boolean;
  train: FitQuestion[];
  validation: FitQuestion[];
}

/** The reciprocal rank of the first item that holds, within the list (0 when none does). */
function reciprocalRank<T>(items: readonly T[], hit: (item: T) => boolean): number {
  const at = items.findIndex(hit);
  return at < 0 ? 0 : 1 / (at + 1);
}

/** A personal question asked of one user, its figures read from the answer fact's reciprocal rank. */
function askedOf(
  userId: string,
  question: PersonalQuestion,
  figures: (reciprocal: number) => Record<string, number>,
): FitQuestion {
  return {
    users: [userId],
    query: question.question,
    limit: 10,
    judge: ([result]) => figures(reciprocalRank(result?.facts ?? [], (f) => answers(f, question))),
  };
}

/** Which part of a set a question goes to: learnt from, checked on, or neither (undefined). */
type SplitOf = (question: PersonalQuestion, personaIndex: number) => 'train' | 'validation' | undefined;

/**
 * A personal set: every persona's saved triples (`addTriples`), each question asked of its
 * persona and put in the part `splitOf` says, judged by the answer fact's reciprocal rank.
 */
async function savedSet(
  memory: Memory,
  name: string,
  people: readonly SavedPersona[],
  splitOf: SplitOf,
  describe: FitSet['describe'],
): Promise<FitSet> {
  const parts: Pick<FitSet, 'train' | 'validation'> = { train: [], validation: [] };
  for (const [index, persona] of people.entries()) {
    const userId = `fit-${persona.id}`;
    await memory.addTriples(userId, [...persona.triples], {
      at: new Date(Date.UTC(2026, 0, 1)),
      source: 'save_knowledge',
    });
    for (const question of persona.questions) {
      const part = splitOf(question, index);
      if (part) parts[part].push(askedOf(userId, question, (rr) => ({ mrr: rr, hit1: rr === 1 ? 1 : 0 })));
    }
  }
  return { name, objective: 'mrr', objectiveText: 'MRR@10 of the answer fact', describe, ...parts };
}

/** The dev wording of the even personas to learn from, the held-apart wording of the odd ones to check on. */
const byWordingAndPersona: SplitOf = (question, index) => {
  const learns = index % 2 === 0;
  if ((question.wording === 'dev') !== learns) return undefined;
  return learns ? 'train' : 'validation';
};
const WORDING_AND_PERSONA = {
  train: 'dev wording, even personas',
  validation: 'held-apart wording, odd personas',
};

/** Personal memory (`personal-data.ts`): learnt from and checked on as {@link byWordingAndPersona} says. */
export function personalSet(memory: Memory): Promise<FitSet> {
  return savedSet(
    memory,
    'personal memory (addTriples)',
    personas(),
    byWordingAndPersona,
    WORDING_AND_PERSONA,
  );
}

/**
 * Personal memory under other predicates (`personal-other-data.ts`): facts saved under names the
 * first set never uses, asked in words those names mostly do not share; split the same way.
 */
export function otherPersonalSet(memory: Memory): Promise<FitSet> {
  return savedSet(
    memory,
    'personal memory, other predicates',
    otherPersonas(),
    byWordingAndPersona,
    WORDING_AND_PERSONA,
  );
}

/**
 * Personal memory on slots of its own (`personal-fit-slots-data.ts`): every persona's saved
 * triples; the fit learns from the questions of half the slots and is checked on the other half's,
 * under names and in words it never saw.
 */
export function fitSlotsSet(memory: Memory): Promise<FitSet> {
  return savedSet(
    memory,
    'personal memory, fit slots',
    fitSlotPersonas(),
    (question) => (learnsFromSlot(question.slot) ? 'train' : 'validation'),
    { train: 'even slots, three wordings', validation: 'odd slots, three wordings' },
  );
}

/**
 * Small memories: for each slot a persona asks about, a user holding only that slot's facts and the
 * next slot's (two to four facts), asked the same questions with the same split as
 * {@link personalSet}. It is the fit's guard: its objective is that the answer is returned at all,
 * and the ascent keeps no move that lowers it (a floor raised until a question about a nearly empty
 * memory gets nothing back).
 */
export async function smallMemorySet(memory: Memory): Promise<FitSet> {
  const parts: Pick<FitSet, 'train' | 'validation'> = { train: [], validation: [] };
  for (const [index, persona] of personas().entries()) {
    for (const [at, { slot, triples }] of persona.slotTriples.entries()) {
      const next = persona.slotTriples[(at + 1) % persona.slotTriples.length];
      const userId = `fit-small-${persona.id}-${slot}`;
      await memory.addTriples(userId, [...triples, ...(next?.triples ?? [])], {
        at: new Date(Date.UTC(2026, 0, 1)),
        source: 'save_knowledge',
      });
      for (const question of persona.questions) {
        const part = question.slot === slot ? byWordingAndPersona(question, index) : undefined;
        if (part)
          parts[part].push(
            askedOf(userId, question, (rr) => ({ found: rr > 0 ? 1 : 0, hit1: rr === 1 ? 1 : 0 })),
          );
      }
    }
  }
  return {
    name: 'small memories (addTriples)',
    objective: 'found',
    objectiveText: 'share of questions whose answer fact is returned at all',
    describe: {
      train: 'dev wording, even personas, 2–4 facts each',
      validation: WORDING_AND_PERSONA.validation,
    },
    ...parts,
    guard: true,
  };
}

/**
 * LoCoMo: both development conversations through `remember()`; the fit learns from the first and
 * is checked on the second.
 */
export async function locomoSet(memory: Memory): Promise<FitSet> {
  const conversations = loadLocomo();
  const splits: FitQuestion[][] = [];
  for (const conversation of conversations) {
    const turnOf = new Map<string, string>();
    await writeConversation(memory, conversation, turnOf);
    const users = conversation.speakers.map((s) => userOf(conversation, s));
    splits.push(
      conversation.questions
        .filter((q) => q.category >= 1 && q.category <= 4 && q.evidence.length > 0)
        .map((q) => ({
          users,
          query: q.question,
          limit: 10,
          judge: (results) => {
            const s = scoreOf(rankedTurns(results, turnOf), q.evidence);
            return { mean: (s.hit[1] + s.recall[10]) / 2, hit1: s.hit[1], recall10: s.recall[10] };
          },
        })),
    );
  }
  return {
    name: 'LoCoMo (remember, rules)',
    objective: 'mean',
    objectiveText: '(hit@1 + recall@10) / 2 of the evidence turns',
    describe: {
      train: `conversation ${conversations[0]?.id}`,
      validation: `conversation ${conversations[1]?.id}`,
    },
    train: splits[0] ?? [],
    validation: splits[1] ?? [],
  };
}

/**
 * MetaQA: the whole kb; the fit learns from a spread sample of the dev questions of each hop
 * count and is checked on the paraphrased wording of other questions.
 */
export async function metaqaSet(memory: Memory, perHop: number): Promise<FitSet> {
  await importKb(memory, 'fit-metaqa', loadKb());
  const asked = (paraphrased: boolean, offset: number) =>
    ([1, 2, 3] as const).flatMap((hops) =>
      sample(loadQuestions(hops, paraphrased), perHop * 2)
        .filter((_, i) => i % 2 === offset)
        .map(
          (question): FitQuestion => ({
            users: ['fit-metaqa'],
            query: question.question,
            limit: 20,
            judge: ([result]) => {
              const wanted = new Set(question.answers.map(normalizeKey));
              const rr = reciprocalRank(
                result?.facts ?? [],
                (f) => wanted.has(normalizeKey(f.subject)) || wanted.has(normalizeKey(f.object)),
              );
              return { mrr: rr, hit1: rr === 1 ? 1 : 0 };
            },
          }),
        ),
    );
  return {
    name: 'MetaQA (kb, 1–3 hops)',
    objective: 'mrr',
    objectiveText: 'MRR@20 of the first fact naming an answer',
    describe: {
      train: `${perHop} dev questions per hop`,
      validation: `${perHop} other questions per hop, paraphrased`,
    },
    train: asked(false, 0),
    validation: asked(true, 1),
  };
}

/** The mean of each figure over a split's questions, recalled by one retriever. */
export async function evaluate(
  retriever: Retriever,
  questions: readonly FitQuestion[],
): Promise<Record<string, number>> {
  const sums: Record<string, number> = {};
  for (const q of questions) {
    const results: RecallResult[] = [];
    for (const userId of q.users)
      results.push(
        await retriever.recall({
          userId,
          query: q.query,
          limit: q.limit,
          includeHistory: false,
          maxChars: 0,
          ...(q.hops ? { hops: q.hops } : {}),
        }),
      );
    for (const [name, value] of Object.entries(q.judge(results))) sums[name] = (sums[name] ?? 0) + value;
  }
  return Object.fromEntries(
    Object.entries(sums).map(([name, sum]) => [name, sum / Math.max(1, questions.length)]),
  );
}
