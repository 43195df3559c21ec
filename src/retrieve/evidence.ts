import { episodeText } from '../model/episode-text.js';
import { saysWhen } from '../model/says-when.js';
import { searchTerms } from '../model/text.js';
import type { Episode, Fact, RecalledEpisode, RecalledFact, RecallSignal } from '../model/types.js';
import type { EpisodeHits, GraphStore, TimeScope } from '../store/base.js';
import { calibrateBm25, calibrateCosine, type Fused, lifted, noisyOr, recency, scaled } from './fuse.js';
import type { FactEvidence } from './fuse-facts.js';
import { byScore, byScoreThenEvidence } from './order.js';
import type { FusionOptions } from './recipe-types.js';

/** What fusion works on: the facts' evidence, the turns found, and where to stop. */
export interface EvidenceInput extends FactEvidence {
  episodeHits: EpisodeHits;
  query: string;
  /** Stored turns loaded per result asked for, and the characters quoted of each. */
  turns: { perResult: number; excerptChars: number; excerptLead: number };
}

/**
 * Gather and fuse stage of turns: the recalled facts' turns (provenance), the turns found by full
 * text and similarity, and their neighbours in the thread, fused and ranked, best first, each
 * with its signals. The stored turns and the neighbours are read at once; a neighbour that
 * reaches the head is read after, only when it was not read already.
 */
export async function recallTurns(
  store: GraphStore,
  userId: string,
  input: EvidenceInput,
  fused: { facts: readonly RecalledFact[]; fitFactor: ReadonlyMap<string, number> },
): Promise<RecalledEpisode[]> {
  const { options, limit } = input;
  const wanted = limit * input.turns.perResult;
  const direct = turnSignals(input, fused.facts, fused.fitFactor);
  const top = direct.slice(0, limit).map((e) => e.uid);
  const asked = direct.slice(0, wanted).map((e) => e.uid);
  const [neighbours, read] = await Promise.all([
    options.neighbourWeight > 0 && top.length > 0
      ? store.episodeNeighbours(userId, top, 1)
      : new Map<string, string[]>(),
    asked.length > 0 ? store.episodes(userId, { uids: asked, limit: asked.length }) : [],
  ]);
  const candidates = withNeighbours(direct, top, neighbours, options).filter(
    (e) => e.score >= options.minScore,
  );
  const head = candidates.slice(0, wanted).map((c) => c.uid);
  // Provenance lists sources such as import file names too: only stored turns are kept.
  const loaded = new Map(read.map((e) => [e.uid, e]));
  const tried = new Set(asked);
  const missing = head.filter((uid) => !tried.has(uid));
  if (missing.length > 0)
    for (const episode of await store.episodes(userId, { uids: missing, limit: missing.length }))
      loaded.set(episode.uid, episode);
  const stored = new Map(
    head
      .flatMap((uid) => loaded.get(uid) ?? [])
      .flatMap((e) => (inTime(e.at, input.time) ? [[e.uid, e] as const] : [])),
  );
  const terms = new Set(searchTerms(input.query));
  return rankTurns(candidates, stored, input)
    .slice(0, limit)
    .map((c): RecalledEpisode => {
      const episode = stored.get(c.uid) as Episode;
      return {
        uid: episode.uid,
        threadId: episode.threadId,
        at: episode.at,
        excerpt: excerpt(episode, terms, input.turns.excerptChars, input.turns.excerptLead),
        score: c.score,
        signals: c.signals as RecallSignal[],
        contributions: c.contributions,
      };
    });
}

/**
 * The turns' own signals, fused: full text, similarity, and the turns the recalled facts came
 * from (by the facts' evidence before the question's fit, which ranks facts against each other
 * only; a fact that cannot answer the "when" asked is no evidence for its turn).
 */
function turnSignals(
  input: EvidenceInput,
  facts: readonly RecalledFact[],
  fitFactor: ReadonlyMap<string, number>,
): Fused[] {
  const { options } = input;
  const provenance = new Map<string, number>();
  for (const fact of facts) {
    if (input.answerFit && !input.answerFit.answersWhen(fact)) continue;
    const evidence = fact.score / (fitFactor.get(fact.uid) ?? 1);
    for (const id of fact.episodeIds) provenance.set(id, Math.max(provenance.get(id) ?? 0, evidence));
  }
  return noisyOr([
    {
      signal: 'episode-text',
      weight: options.episodeTextWeight,
      scores: new Map(input.episodeHits.text.map((h) => [h.uid, calibrateBm25(h.score, options.bm25Half)])),
    },
    {
      signal: 'episode-similarity',
      weight: options.episodeSimilarityWeight,
      scores: new Map(
        input.episodeHits.vector.map((h) => [h.uid, calibrateCosine(h.score, options.episodeSimilarity)]),
      ),
    },
    { signal: 'provenance', weight: options.provenanceWeight, scores: provenance },
  ]);
}

/**
 * The conversation around the best turns (`top`): their neighbours in the thread get a share of
 * their score, joined by noisy-OR to what each turn already had. Best first.
 */
function withNeighbours(
  direct: readonly Fused[],
  top: readonly string[],
  neighbours: ReadonlyMap<string, readonly string[]>,
  options: Readonly<FusionOptions>,
): Fused[] {
  const around = new Map<string, number>();
  const scores = new Map(direct.map((e) => [e.uid, e.score]));
  for (const uid of top) {
    const score = scores.get(uid) ?? 0;
    for (const near of neighbours.get(uid) ?? []) around.set(near, Math.max(around.get(near) ?? 0, score));
  }
  const turns = new Map<string, Fused>(
    direct.map((e) => [e.uid, { ...e, signals: [...e.signals], contributions: { ...e.contributions } }]),
  );
  for (const [uid, score] of around) {
    const p = options.neighbourWeight * score;
    const entry = turns.get(uid) ?? { uid, score: 0, signals: [], contributions: {} };
    entry.score = 1 - (1 - entry.score) * (1 - p);
    entry.signals.push('neighbour');
    entry.contributions.neighbour = p;
    turns.set(uid, entry);
  }
  return [...turns.values()].sort(byScore);
}

/**
 * The stored candidate turns, lifted and ranked: a turn that says when rises for a question
 * asking when, every turn when the question names the user (lifts: never past 1); the newest
 * turn keeps its score, older ones a share. Equal scores fall to more signals, then newer.
 */
function rankTurns(
  candidates: readonly Fused[],
  stored: ReadonlyMap<string, Episode>,
  input: EvidenceInput,
): Fused[] {
  const { options } = input;
  const newest = Math.max(0, ...[...stored.values()].map((e) => e.at.getTime()));
  const asksWhen = input.answerFit?.asksWhen === true;
  const r = options.recencyWeight;
  const lifts = candidates
    .filter((c) => stored.has(c.uid))
    .map((c) => {
      const episode = stored.get(c.uid) as Episode;
      const fresh = recency(episode.at, newest, options.recencyHalfLifeDays);
      const when = asksWhen && saysWhen(episodeText(episode.messages)) ? options.whenTurnWeight : 0;
      const speaker = input.userNamed ? options.speakerWeight : 0;
      return scaled(
        lifted(lifted(c, 'says-when', when), 'speaker', speaker),
        'recency',
        (1 + r * fresh) / (1 + r),
      );
    });
  const signals = new Map(lifts.map((l) => [l.uid, l.signals.length]));
  return lifts.sort(
    byScoreThenEvidence((uid) => {
      const episode = stored.get(uid);
      return episode && { signals: signals.get(uid) ?? 0, mentions: 1, at: episode.at.getTime() };
    }),
  );
}

/** Whether a fact is valid in a time scope. */
export function inScope(fact: Fact, time: TimeScope): boolean {
  if (time.mode === 'all') return true;
  if (time.mode === 'current') return fact.validTo === null;
  const at = time.asOf.getTime();
  return fact.validFrom.getTime() <= at && (fact.validTo === null || fact.validTo.getTime() > at);
}

/** Whether a turn had been said by the scope's time (any turn for current and history). */
function inTime(at: Date, time: TimeScope): boolean {
  return time.mode !== 'asOf' || at.getTime() <= time.asOf.getTime();
}

/** The part of a turn around its first word matching the query, or its start. */
function excerpt(episode: Episode, terms: ReadonlySet<string>, chars: number, lead: number): string {
  const text = episode.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  if (text.length <= chars) return text;
  let at = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}']+/gu)) {
    const [term] = searchTerms(match[0]);
    if (term && terms.has(term)) {
      at = match.index ?? 0;
      break;
    }
  }
  const start = Math.max(0, Math.min(at - chars * lead, text.length - chars));
  const cut = text.slice(Math.floor(start), Math.floor(start) + chars).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + chars < text.length ? '…' : ''}`;
}
