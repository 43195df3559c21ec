import { episodeText } from '../model/episode-text.js';
import { saysWhen } from '../model/says-when.js';
import { searchTerms } from '../model/text.js';
import type { Episode, Fact, RecalledEpisode, RecalledFact, RecallSignal } from '../model/types.js';
import type { EpisodeHits, GraphStore, TimeScope } from '../store/base.js';
import { calibrateBm25, calibrateCosine, type Fused, noisyOr, recency } from './fuse.js';
import { type FactEvidence, fuseFacts } from './fuse-facts.js';
import { byScore, compareUids } from './order.js';

/**
 * How recall fuses its signals. Each signal gives candidates a calibrated score in [0, 1] (the
 * walk's path score relative to its best, times how sure the walk's start is; cosines rescaled above their floor; BM25 as `s / (s + bm25Half)`; for a
 * turn, the best fused score of the recalled facts it is the source of); a noisy-OR
 * (`fuse.ts`) with the weights below turns them into one absolute score per fact and per turn,
 * which recency and mentions then raise by at most `recencyWeight` and `mentionsWeight`;
 * anything below `minScore` is not returned.
 */
export interface FusionOptions {
  /** The graph walk's path scores of facts. @default 1 */
  graphWeight: number;
  /** Facts by similarity of their statements to the query. @default 0.5 */
  factSimilarityWeight: number;
  /**
   * How much a fact whose predicate and object fit what the question asks (`answer-fit.ts`:
   * "Which instrument…" and a cello) rises above the facts found with it: its score s becomes
   * `s · (1 + w · fit · (1 − s))`, so it never passes 1 and a fact no signal found stays out.
   * @default 1
   */
  answerFitWeight: number;
  /** Turns by full text (BM25). @default 0.9 */
  episodeTextWeight: number;
  /** Turns by similarity of their embeddings. @default 0.6 */
  episodeSimilarityWeight: number;
  /**
   * Turns lifted by the recalled facts they are the source of. A fact's words are its turn's
   * words, mostly already counted by the turn's own text score. LoCoMo dev, offline, with
   * `whenTurnWeight` 0.5: recall@10 / hit@1 0.722 / 0.407 at 0.6, 0.720 / 0.433 at 0.5,
   * 0.714 / 0.433 at 0.45. @default 0.5
   */
  provenanceWeight: number;
  /**
   * Turns next to a found turn in its thread (one on each side) get this share of its score: the
   * answer is often the turn after the one that matches the question's words. @default 0.5
   */
  neighbourWeight: number;
  /**
   * How much a turn that says when (`saysWhen`: "yesterday", "last Friday", "in May") rises
   * above the turns found with it, for a question asking when: its score s becomes
   * `s · (1 + w · (1 − s))`, as the answer fit lifts a fact. LoCoMo dev, offline, provenance
   * 0.5: hit@1 0.394 without, 0.433 at 0.5, 0.429 at 0.75, 0.420 at 1. @default 0.5
   */
  whenTurnWeight: number;
  /** The BM25 score that counts as half sure. @default 3 */
  bm25Half: number;
  /** Most a fact or turn gains for being the newest candidate. @default 0.1 */
  recencyWeight: number;
  /** Recency halves every this many days before the newest candidate. @default 30 */
  recencyHalfLifeDays: number;
  /** Most a fact gains for being the most mentioned candidate. @default 0.05 */
  mentionsWeight: number;
  /**
   * How much more a turn counts when the query names the user by name ("What did Caroline
   * research?" asked of Caroline's memory and of her friend's): the named person's own turns
   * are the likelier evidence. @default 0.5
   */
  speakerWeight: number;
  /**
   * In a question about the user alone, how surely a relation word must be read (1: a shared stem;
   * 0.85: a synonym in both words' usual senses; 0.5–0.7: looser WordNet readings) to count toward
   * a chain of relations, which the walk ranks and the answer fit then leaves alone. A loose
   * reading ("learning" read as work, "called" as plays) does not keep the fit from ranking
   * ("Which instrument am I learning?": the harp, not the sport). A question naming another
   * entity counts every relation word: its chain is the walk's ("films penned by the director
   * of X"). Offline personal memory (addTriples), hit@1 with every reading counted → 0.9: dev
   * 0.684 → 0.770, held-apart wording 0.453 → 0.547; MetaQA and LoCoMo unchanged.
   * @default 0.9
   */
  chainReading: number;
  /** Fused scores below this are not returned. @default 0.1 */
  minScore: number;
  /** Least cosine of a fact statement to count as similar. @default 0.35 */
  factSimilarity: number;
  /** Least cosine of a turn to count as similar. @default 0.3 */
  episodeSimilarity: number;
}

/** The documented defaults of {@link FusionOptions}. */
export const DEFAULT_FUSION: FusionOptions = {
  graphWeight: 1,
  factSimilarityWeight: 0.5,
  answerFitWeight: 1,
  episodeTextWeight: 0.9,
  episodeSimilarityWeight: 0.6,
  provenanceWeight: 0.5,
  neighbourWeight: 0.5,
  whenTurnWeight: 0.5,
  bm25Half: 3,
  recencyWeight: 0.1,
  recencyHalfLifeDays: 30,
  mentionsWeight: 0.05,
  speakerWeight: 0.5,
  chainReading: 0.9,
  minScore: 0.1,
  factSimilarity: 0.35,
  episodeSimilarity: 0.3,
};

/**
 * The defaults that change with a semantic embedder (anything but the offline hashing one, whose
 * cosines mostly measure spelling) for questions that name no entity but the user: a fact's similarity to the question
 * is a ranked signal of its own — counted from a cosine of 0.1, at full weight — and the walk
 * weighs 0.6. Chosen on the personal-memory benchmark's facts written by `addTriples` with
 * all-MiniLM-L6-v2 (hit@1 0.686 with the offline defaults, 0.819 with the similarity counted from
 * 0.1 at weight 1, 0.854 with the walk at 0.6 too), checked on LoCoMo dev (see the README's table
 * of methods × embedders). Questions naming an entity keep {@link DEFAULT_FUSION}: applied to
 * them, these took MetaQA's 2- and 3-hop recall@20 with all-MiniLM-L6-v2 from 0.933 / 0.715 to
 * 0.866 / 0.617, and the paraphrased 1-hop from 1.000 to 0.968 (100 questions each): the walk from
 * a named entity says what is near, and a chain's answer is not like the question.
 */
export const SEMANTIC_FUSION: Partial<FusionOptions> = {
  factSimilarityWeight: 1,
  factSimilarity: 0.1,
  graphWeight: 0.6,
  // Similarity already tells the facts apart: every reading counts toward a chain, as before
  // (0.9 here: personal hit@1 with all-MiniLM-L6-v2, held-apart wording, 0.781 → 0.756).
  chainReading: 0,
};

/**
 * The turn weights with a semantic embedder, for every question: a turn's similarity to the
 * question is evidence as good as its words' (BM25), so both count at full weight (offline, where
 * cosines mostly measure spelling: 0.6 and 0.9). Chosen on LoCoMo dev with all-MiniLM-L6-v2 among
 * similarity 0.8, 0.9 and 1 and text 0.9 and 1 (recall@10 / hit@1 0.704 / 0.385 with the offline
 * weights, 0.716 / 0.394 with similarity 1, 0.718 / 0.398 with both at 1; provenance 0.45–0.5
 * raised hit@1 to 0.403–0.407 but lowered recall@10 to 0.700–0.712 and was not taken).
 */
export const SEMANTIC_TURNS: Partial<FusionOptions> = {
  episodeSimilarityWeight: 1,
  episodeTextWeight: 1,
};

/** The fusion settings among other options (only the numbers {@link FusionOptions} names). */
export function fusionFields(options: Partial<FusionOptions>): Partial<FusionOptions> {
  const picked: Partial<FusionOptions> = {};
  for (const key of Object.keys(DEFAULT_FUSION) as (keyof FusionOptions)[]) {
    const value = options[key];
    if (typeof value === 'number') picked[key] = value;
  }
  return picked;
}

/** Fills the defaults of {@link FusionOptions}. */
export function resolveFusionOptions(options: Partial<FusionOptions>): FusionOptions {
  const resolved = { ...DEFAULT_FUSION };
  for (const key of Object.keys(DEFAULT_FUSION) as (keyof FusionOptions)[]) {
    const value = options[key];
    if (typeof value === 'number') resolved[key] = value;
  }
  return resolved;
}

/** What fusion works on: the facts' evidence, the turns found, and where to stop. */
export interface EvidenceInput extends FactEvidence {
  episodeHits: EpisodeHits;
  query: string;
}

// Characters of a turn quoted around its best match.
const EXCERPT_CHARS = 280;

/** Fuses the signals into the recalled facts and episodes, best first, each with its signals. */
export async function fuseEvidence(
  store: GraphStore,
  userId: string,
  input: EvidenceInput,
): Promise<{ facts: RecalledFact[]; episodes: RecalledEpisode[] }> {
  const { options, limit } = input;
  const { facts, fitFactor } = fuseFacts(input);

  // Turns: full text, similarity, and the turns the recalled facts came from.
  const provenance = new Map<string, number>();
  for (const fact of facts) {
    // A fact that cannot answer the "when" asked (another doing than the one named) is no
    // evidence for the turn it came from.
    if (input.answerFit && !input.answerFit.answersWhen(fact)) continue;
    const evidence = fact.score / (fitFactor.get(fact.uid) ?? 1);
    for (const id of fact.episodeIds) provenance.set(id, Math.max(provenance.get(id) ?? 0, evidence));
  }
  const direct = noisyOr([
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
  // The conversation around the best hits: their neighbours in the thread, lifted by their score.
  const around = new Map<string, number>();
  if (options.neighbourWeight > 0) {
    const top = direct.slice(0, limit);
    const neighbours = await store.episodeNeighbours(
      userId,
      top.map((e) => e.uid),
      1,
    );
    for (const hit of top) {
      for (const uid of neighbours.get(hit.uid) ?? [])
        around.set(uid, Math.max(around.get(uid) ?? 0, hit.score));
    }
  }
  // Noisy-OR again: the neighbour evidence joins what each turn already had.
  const turns = new Map<string, Fused>(direct.map((e) => [e.uid, { ...e, signals: [...e.signals] }]));
  for (const [uid, score] of around) {
    const p = options.neighbourWeight * score;
    const entry = turns.get(uid) ?? { uid, score: 0, signals: [] };
    entry.score = 1 - (1 - entry.score) * (1 - p);
    entry.signals.push('neighbour');
    turns.set(uid, entry);
  }
  const candidates = [...turns.values()].sort(byScore).filter((e) => e.score >= options.minScore);
  // Provenance lists sources such as import file names too: only stored turns are kept.
  const stored = new Map(
    (
      await store.episodes(userId, {
        uids: candidates.slice(0, limit * 3).map((c) => c.uid),
        limit: limit * 3,
      })
    )
      .filter((e) => inTime(e.at, input.time))
      .map((e) => [e.uid, e]),
  );
  const newest = Math.max(0, ...[...stored.values()].map((e) => e.at.getTime()));
  const terms = new Set(searchTerms(input.query));
  const asksWhen = input.answerFit?.asksWhen === true;
  const episodes = candidates
    .filter((c) => stored.has(c.uid))
    .map((c) => {
      const episode = stored.get(c.uid) as Episode;
      const fresh = recency(episode.at, newest, options.recencyHalfLifeDays);
      const speaker = input.userNamed ? 1 + options.speakerWeight : 1;
      const when = asksWhen && saysWhen(episodeText(episode.messages)) ? options.whenTurnWeight : 0;
      const base = c.score * (1 + when * (1 - c.score));
      return { c, episode, score: base * speaker * (1 + options.recencyWeight * fresh) };
    })
    .sort((a, b) => b.score - a.score || compareUids(a.c.uid, b.c.uid))
    .slice(0, limit)
    .map(
      ({ c, episode, score }): RecalledEpisode => ({
        uid: episode.uid,
        threadId: episode.threadId,
        at: episode.at,
        excerpt: excerpt(episode, terms),
        score,
        signals: c.signals as RecallSignal[],
      }),
    );
  return { facts, episodes };
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
function excerpt(episode: Episode, terms: ReadonlySet<string>): string {
  const text = episode.messages.map((m) => `${m.role}: ${m.content}`).join('\n');
  if (text.length <= EXCERPT_CHARS) return text;
  let at = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}']+/gu)) {
    const [term] = searchTerms(match[0]);
    if (term && terms.has(term)) {
      at = match.index ?? 0;
      break;
    }
  }
  const start = Math.max(0, Math.min(at - EXCERPT_CHARS / 3, text.length - EXCERPT_CHARS));
  const cut = text.slice(Math.floor(start), Math.floor(start) + EXCERPT_CHARS).trim();
  return `${start > 0 ? '…' : ''}${cut}${start + EXCERPT_CHARS < text.length ? '…' : ''}`;
}
