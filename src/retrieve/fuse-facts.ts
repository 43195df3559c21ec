import type { Fact, RecalledFact } from '../model/types.js';
import type { TimeScope } from '../store/base.js';
import type { FitReading, QuestionFit } from './answer-fit.js';
import type { ReachedFact } from './expand.js';
import { calibrateCosine, type Fused, joined, lifted, noisyOr, recency, scaled } from './fuse.js';
import { byScoreThenEvidence } from './order.js';
import type { FusionOptions } from './recipe-types.js';
import { cutFarFromClosest } from './similarity-gap.js';

/** What the facts' fusion works on: everything is already read, so it is a pure function. */
export interface FactEvidence {
  /** Facts reached by the walk, ranked. */
  walked: readonly ReachedFact[];
  /** How sure the walk's best start is (1 for an entity the query names). */
  seedStrength: number;
  /** Whether the question names relations the graph has (else the walk cannot rank by relevance). */
  relationsNamed: boolean;
  /** Whether the query names the user by their name (not "I" or "me"). */
  userNamed: boolean;
  /** How sure the best relation word's match is (1 for a shared stem, 0.7 for a loose one). */
  relationConfidence: number;
  /** The uid of the user's own entity when the question links it (by "I", "my" or their name). */
  questionerUid?: string;
  /** Facts similar to the query (in the time scope), most similar first. */
  similarFacts: readonly Fact[];
  /** Their cosines to the query. */
  factCosines: ReadonlyMap<string, number>;
  /** The cosines to the query of the candidates' predicate keys' words (none: not read). */
  keyCosines?: ReadonlyMap<string, number>;
  /** Cosines to the query of candidates however low, which tell facts of equal score apart (none: not read). */
  closeness?: ReadonlyMap<string, number>;
  /** How facts fit what the question asks (none: not read). */
  answerFit?: QuestionFit;
  /** Whether the fit raises facts (the question names at most one relation). */
  boostFit?: boolean;
  /** Whether the walk read a predicate key as one the question names. */
  walkRead?: (key: string) => boolean;
  /** The share of a key the relations name that the question's words read (1 when not read). */
  keyShare?: (key: string) => number;
  /** The keys the question names someone of the user's by ("my _friend_"; `QuestionReading.referenceKeys`). */
  referenceKeys?: ReadonlySet<string>;
  /** Whether the question asks of someone of the user's only (`QuestionReading.asksOfTheirs`). */
  asksOfTheirs?: boolean;
  /**
   * Whether the question names no one but the user, by no relation either ("What food do I
   * love?"): it asks of the user, so only a fact touching the user rises by the fit.
   */
  asksOfUserAlone?: boolean;
  /**
   * Whether only facts the answer fit reads the question in are kept: the walk started from the
   * user because nothing in the question did (`seedUserWhenUnseeded`), so reaching a fact says
   * nothing of it ("How tall is the Eiffel Tower?" is answered by none of the user's facts).
   */
  fittingOnly?: boolean;
  time: TimeScope;
  limit: number;
  /** Candidates fused: the walk's best this many times the results asked for, at least `minPool`. */
  pool: { perResult: number; min: number };
  options: FusionOptions;
}

/** The facts fused, best first, and how much the question's fit moved each one's score. */
export interface FusedFacts {
  facts: RecalledFact[];
  /** A fact's score after the fit over its score before (1: not moved); turns discount it. */
  fitFactor: ReadonlyMap<string, number>;
}

/**
 * Fuses the facts' signals (the walk's path scores, similarity to the question, the question's
 * fit, recency and mentions) into the recalled facts, best first, at most `limit`, none below
 * `minScore`. Pure: it reads nothing from a store.
 */
export function fuseFacts(input: FactEvidence): FusedFacts {
  const { options, limit } = input;
  const pool = Math.max(limit * input.pool.perResult, input.pool.min);
  const walked = input.walked.slice(0, pool);
  const byUid = new Map<string, Fact>();
  const hops = new Map<string, number>();
  for (const r of walked) {
    byUid.set(r.fact.uid, r.fact);
    hops.set(r.fact.uid, r.hops);
  }
  for (const f of input.similarFacts) if (!byUid.has(f.uid)) byUid.set(f.uid, f);

  // The walk's scores rank facts relative to each other; the best walked fact counts as sure as
  // the walk's best start (a named entity: 1; an entity merely similar to the query: less), and
  // any fact near that start keeps a floor (it is about what the question names, even when the
  // question's relation words were read wrong).
  const bestPath = Math.max(Number.MIN_VALUE, ...walked.map((r) => r.score));
  // When the question names no relation the graph has, the walk only says a fact is near what
  // the question names, not that it answers it: every walked fact gets the floor.
  // A weak reading of the relations (only loosely related words) ranks facts, but says less.
  const sure = Math.min(
    1,
    Math.max(
      options.looseReadingTrust,
      (input.relationConfidence - options.looseReading) / (1 - options.looseReading),
    ),
  );
  const floor = (r: ReachedFact) => options.nearFloor * r.seed * options.nearFloorHopDecay ** (r.hops - 1);
  // A key read in part ("Which group do I _love_?": `loves_flower`) is trusted less by the share
  // of its words the question does not read.
  const trust = (r: ReachedFact) =>
    options.unreadKeyDiscount > 0 && input.keyShare
      ? sure * (1 - options.unreadKeyDiscount * (1 - input.keyShare(r.fact.key)))
      : sure;
  const relative = (r: ReachedFact) => {
    const rel = (input.seedStrength * r.score) / bestPath;
    if (!input.relationsNamed) return Math.min(rel, floor(r));
    return Math.max(floor(r), floor(r) + (rel - floor(r)) * trust(r));
  };
  const graphScores = new Map(walked.map((r) => [r.fact.uid, relative(r)]));
  const factRanking = noisyOr([
    { signal: 'graph', weight: options.graphWeight, scores: graphScores },
    {
      signal: 'fact-similarity',
      weight: options.factSimilarityWeight,
      scores: new Map(
        input.similarFacts.map((f) => [
          f.uid,
          calibrateCosine(input.factCosines.get(f.uid) ?? 0, options.factSimilarity),
        ]),
      ),
    },
  ]);
  const relationClose = relationScores(byUid, input.keyCosines, options.relationSimilarity);
  const fitted = fitToQuestion(factRanking, byUid, input).map((f) =>
    joined(f, 'relation-similarity', options.relationSimilarityWeight * (relationClose.get(f.uid) ?? 0)),
  );
  // How much the fit moved each fact: a turn is lifted by the evidence for its facts, not by how
  // well they fit the question's wording (that ranks facts against each other only).
  const before = new Map(factRanking.map((f) => [f.uid, f.score]));
  const fitFactor = new Map(
    fitted.map((f) => [f.uid, f.score / Math.max(Number.MIN_VALUE, before.get(f.uid) ?? f.score)]),
  );
  // The cut is on the evidence (the fused and fitted score), before recency and mentions.
  const kept = fitted.filter(
    (f) => f.score >= options.minScore && (!input.fittingOnly || f.signals.includes('answer-fit')),
  );
  const near = cutFarFromClosest(kept, { closeness: input.closeness, graphScores, options });
  const facts = adjust(near, byUid, options, input.closeness)
    .slice(0, limit)
    .map((f): RecalledFact => {
      const fact = byUid.get(f.uid) as Fact;
      return {
        uid: fact.uid,
        subject: fact.subject,
        subjectUid: fact.subjectUid,
        predicate: fact.predicate,
        object: fact.object,
        objectUid: fact.objectUid,
        statement: fact.statement,
        score: f.score,
        validFrom: fact.validFrom,
        validTo: fact.validTo,
        supersededBy: fact.supersededBy,
        episodeIds: [...fact.episodeIds],
        hops: hops.get(fact.uid) ?? 0,
        signals: f.signals,
        contributions: f.contributions,
      };
    });
  return { facts, fitFactor };
}

/**
 * Reads the candidates against what the question asks (`answer-fit.ts`) when it names one
 * relation or none (`boostFit`; a chain of relations is the walk's to rank): each fact rises by how
 * well it fits (see `answerFitWeight`), and a fact the walk read as named only through a rare
 * sense of a word falls when its object is known to be of another kind than the question names
 * while another fact offers that kind.
 */
function fitToQuestion(
  ranking: readonly Fused[],
  facts: ReadonlyMap<string, Fact>,
  input: FactEvidence,
): Fused[] {
  const { answerFit: fit, options } = input;
  const weight = options.answerFitWeight;
  if (!fit || weight <= 0) return [...ranking];
  const candidates = ranking.flatMap((f) => {
    const fact = facts.get(f.uid);
    return fact ? [{ f, fact }] : [];
  });
  // "What does my friend enjoy eating?": the user's fact naming the friend is the way to the
  // answer, and the friend's fact its other words read answers it, however loosely they read it
  // (in a chain too, which the walk ranks: "What is my wife's job?").
  const reference = referenceReading(candidates, fit, input);
  const way = (f: Fused) =>
    scaled(f, 'named-object', input.asksOfTheirs ? options.theirWayShare : options.namedObjectShare);
  if (!input.boostFit) return ranking.map((f) => (reference.way.has(f.uid) ? way(f) : f));
  // Facts the walk read as named through a rare sense only; the kinds are read only for them.
  const rare = new Set(
    candidates
      .filter(
        ({ fact }) =>
          input.walkRead?.(fact.key) === true && fit.relationOf(fact.key) < input.options.confirmedReading,
      )
      .map(({ f }) => f.uid),
  );
  // Another reading offers an answer of the kind asked (the suspect reading's own facts say
  // nothing against it: a film titled "Western" is a kind of film and directed like the rest).
  const kindNamed = rare.size > 0 && candidates.some(({ f, fact }) => !rare.has(f.uid) && fit.ofKind(fact));
  // The user's own facts are all one hop from a first-person question, so a rare reading among
  // them ranks at random: when another reading offers an answer of the kind asked in its usual
  // sense ("food": curry), the user's own fact read that way falls unless its object is shown to
  // be of that kind (a company WordNet does not know is not), or is a common word nothing can
  // place ("pho": a dish WordNet lacks). Elsewhere (a film's facts, a chain's first hop) only an
  // object known to be of another kind falls.
  const usualKindNamed =
    input.questionerUid !== undefined &&
    candidates.some(({ f, fact }) => !rare.has(f.uid) && fit.ofUsualKind(fact));
  // The user's own answer of the kind the question asks after "what" or "which", in its usual
  // sense, outranks the user's fact whose object is a common word known to be of another kind only
  // (pizza; a word WordNet does not know, "pho", may be of any): whatever that fact's relation, when
  // the question's words name the answer's relation ("What sport do I like?": tennis, played); when
  // they name only the other fact's ("Which sport am I into?": a liking, but pizza is no sport). Where they
  // name neither ("What food should I avoid?"), the kind alone does not put down a fact WordNet
  // may not know to be of it (gluten, a protein). Only common words are read so, on either side:
  // "Coco" is a dog's name, whatever WordNet knows by that word, and a town's name says nothing of
  // a position held.
  const ownOfKind = (named: boolean) =>
    input.questionerUid !== undefined &&
    fit.kindAsked &&
    candidates.some(
      ({ fact }) =>
        fact.subjectUid === input.questionerUid &&
        isCommonWord(fact.object) &&
        fit.ofUsualKind(fact) &&
        (!named || fit.relationOf(fact.key) > 0),
    );
  // The candidate a sentence model reads as closest to the question has been read in the sense the
  // question means ("Who is my best mate?": the closest friend, a rare sense of "mate" in WordNet),
  // so neither a rare reading nor a kind WordNet gives its object puts it down.
  const closest = closestCandidate(candidates, input.closeness);
  const ownKindNamed = ownOfKind(true);
  const ownKindOffered = ownKindNamed || ownOfKind(false);
  // Some candidate is of the kind the question names ("Which sport…": fencing): a fact whose
  // object is known to be of another kind (a harp) fits the question less, however well its
  // predicate is named.
  const kindOffered = kindNamed || candidates.some(({ fact }) => fit.ofKind(fact));
  // A reading only a rare sense gives, which the question's words in their usual senses do not
  // name at all ("company" as companionship, for `friend`), falls when those senses name another
  // candidate's predicate ("Which company pays my salary?": work, for which one is paid).
  const usualReading = candidates.some(({ f, fact }) => !rare.has(f.uid) && fit.relationOf(fact.key) > 0);
  // A question about someone it names ("What should I cook when Tomas comes over?") is answered
  // by that one's facts; a fact leading to them ("User's friend is Tomas") is context, unless the
  // question asks who they are.
  const namedFacts = !fit.asksWho && candidates.some(({ fact }) => fit.aboutNamed(fact));
  // A question naming someone and no relation ("Who is Omar?") asks about them: a fact touching
  // no one it names (the user's sister, two hops from Omar) does not rise by the kind it offers.
  const describesNamed = fit.namesOthers && !input.relationsNamed;
  // Each candidate's reading, read once: the kind offered asks every one before its own score.
  const readings = new Map<string, FitReading>();
  const readingOf = (fact: Fact) => {
    const known = readings.get(fact.uid);
    if (known) return known;
    const reading = fit.read(fact);
    readings.set(fact.uid, reading);
    return reading;
  };
  let offered: boolean | undefined;
  const whOffered = () => {
    offered ??= candidates.some(({ fact }) => readingOf(fact).wh >= 1);
    return offered;
  };
  return candidates.map(({ f, fact }) => {
    if (reference.way.has(f.uid)) return way(f);
    // "What is my husband's profession?" is not answered by the user's own profession.
    if (reference.way.size > 0 && input.asksOfTheirs && fact.subjectUid === input.questionerUid) return f;
    // Nor is "What food do I love?" answered by the sister's favourite food.
    if (
      input.asksOfUserAlone &&
      fact.subjectUid !== input.questionerUid &&
      fact.objectUid !== input.questionerUid
    )
      return f;
    const suspect =
      !reference.about.has(fact.subjectUid) &&
      rare.has(f.uid) &&
      ((kindNamed &&
        (fit.otherKind(fact) ||
          (usualKindNamed &&
            fact.subjectUid === input.questionerUid &&
            !fit.ofKind(fact) &&
            !fit.unknownKind(fact)))) ||
        (usualReading && fit.relationOf(fact.key) === 0) ||
        // "Where was I born?" is not answered by a date, however surely "born" reads `birthday`.
        fit.wrongWh(fact));
    const ownOtherKind =
      ownKindOffered &&
      (ownKindNamed || fit.relationOf(fact.key) > 0) &&
      fact.subjectUid === input.questionerUid &&
      isCommonWord(fact.object) &&
      fit.otherKind(fact);
    if ((suspect || ownOtherKind) && f.uid !== closest)
      return scaled(f, 'other-kind', options.otherKindFactor);
    if (describesNamed && !fit.touchesNamed(fact)) return f;
    const { fit: read, tieBreak } = readingOf(fact);
    let score = kindOffered && fit.otherKind(fact) ? read * options.otherKindFit : read;
    // A person where the question asks who, a time where it asks when: an object known to be of
    // another kind fits less, when another candidate is of the kind asked.
    if (options.whMissFit < 1 && fit.missesWh(fact) && whOffered()) score *= options.whMissFit;
    if (namedFacts && fit.leadsToNamed(fact)) return scaled(f, 'named-object', options.namedObjectShare);
    if (score <= 0) return f;
    // What tells apart facts that fit alike: a share of the score, 1 for the fullest reading.
    const tie = (1 + options.fitTieBreak * tieBreak) / (1 + options.fitTieBreak);
    const raised = scaled(lifted(f, 'answer-fit', weight * score), 'fit-tie-break', tie);
    return { ...raised, signals: score >= options.fitSignal ? [...f.signals, 'answer-fit'] : f.signals };
  });
}

/**
 * The uid of the candidate whose statement is closest to the question by the embedder's cosine
 * (`closeness`, read for a sentence model only), when it is closer than every other; undefined
 * without cosines or on a tie.
 */
function closestCandidate(
  candidates: readonly { f: Fused }[],
  closeness: ReadonlyMap<string, number> | undefined,
): string | undefined {
  if (!closeness) return undefined;
  let best: string | undefined;
  let bestCosine = -Infinity;
  let tied = false;
  for (const { f } of candidates) {
    const cosine = closeness.get(f.uid);
    if (cosine === undefined || cosine < bestCosine) continue;
    tied = cosine === bestCosine;
    if (!tied) best = f.uid;
    bestCosine = cosine;
  }
  return tied ? undefined : best;
}

/**
 * Whom a question names by a relation of the user's ("my _brother_"), when it asks something of
 * them: `about` holds them, `way` the user's facts that lead to them, when a fact about them is
 * read by the question's words other than the ones naming them (a relation the walk read, or a
 * fit: "Which city is my brother based in?"). Empty when the question asks who they are ("Who is
 * my brother?") or asks nothing more of them ("What's my brother's name?").
 */
function referenceReading(
  candidates: readonly { f: Fused; fact: Fact }[],
  fit: QuestionFit,
  input: FactEvidence,
): { about: ReadonlySet<string>; way: ReadonlySet<string> } {
  const keys = input.referenceKeys;
  const none = { about: new Set<string>(), way: new Set<string>() };
  if (!keys || keys.size === 0 || fit.asksWho || input.questionerUid === undefined) return none;
  const ways = candidates.filter(({ fact }) => fact.subjectUid === input.questionerUid && keys.has(fact.key));
  const about = new Set(ways.map(({ fact }) => fact.objectUid));
  const asked = candidates.some(
    ({ fact }) =>
      about.has(fact.subjectUid) &&
      !keys.has(fact.key) &&
      (input.walkRead?.(fact.key) === true || fit.read(fact).fit > 0),
  );
  return asked ? { about, way: new Set(ways.map(({ f }) => f.uid)) } : none;
}

/**
 * Recency and mentions tell facts of like evidence apart: the newest and most mentioned candidate
 * keeps its score, the others a share of it (at least `1 / (1 + recencyWeight)` and
 * `1 / (1 + mentionsWeight)`); the order is then fixed, equal scores falling to more evidence
 * (with `closeness`, the statement closer to the question after more signals).
 */
function adjust(
  ranking: readonly Fused[],
  facts: ReadonlyMap<string, Fact>,
  options: FusionOptions,
  closeness: ReadonlyMap<string, number> | undefined,
): Fused[] {
  let newest = 0;
  let most = 1;
  for (const { uid } of ranking) {
    const fact = facts.get(uid);
    if (!fact) continue;
    newest = Math.max(newest, fact.validFrom.getTime());
    most = Math.max(most, fact.mentions);
  }
  const signalCounts = new Map(ranking.map((f) => [f.uid, f.signals.length]));
  return ranking
    .filter((f) => facts.has(f.uid))
    .map((f) => {
      const fact = facts.get(f.uid) as Fact;
      const fresh = recency(fact.validFrom, newest, options.recencyHalfLifeDays);
      const said = Math.log1p(fact.mentions) / Math.log1p(most);
      // The newest, most mentioned candidate keeps its score; the others keep a share of it.
      const { recencyWeight: r, mentionsWeight: m } = options;
      return scaled(scaled(f, 'recency', (1 + r * fresh) / (1 + r)), 'mentions', (1 + m * said) / (1 + m));
    })
    .sort(
      byScoreThenEvidence((uid) => {
        const fact = facts.get(uid);
        const signals = signalCounts.get(uid) ?? 0;
        return (
          fact && {
            signals,
            ...(closeness ? { closeness: closeness.get(uid) ?? -1 } : {}),
            mentions: fact.mentions,
            at: fact.validFrom.getTime(),
          }
        );
      }),
    );
}

/** Whether an object is written as a common word, not a name: no capital letter ("pizza", not "Coco"). */
function isCommonWord(object: string): boolean {
  return !/\p{Lu}/u.test(object);
}

/** Each candidate's predicate similarity to the question, above its floor (none without key cosines). */
function relationScores(
  candidates: ReadonlyMap<string, Fact>,
  keyCosines: ReadonlyMap<string, number> | undefined,
  floor: number,
): Map<string, number> {
  const scores = new Map<string, number>();
  if (!keyCosines) return scores;
  for (const [uid, fact] of candidates)
    scores.set(uid, calibrateCosine(keyCosines.get(fact.key) ?? 0, floor));
  return scores;
}
