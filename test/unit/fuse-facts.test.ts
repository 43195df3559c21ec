import { describe, expect, it } from 'vitest';
import { CombinedLexicon, StemLexicon } from '../../src/lexicon/base.js';
import { WordNetLexicon } from '../../src/lexicon/wordnet-lexicon.js';
import { stem } from '../../src/model/text.js';
import type { Fact } from '../../src/model/types.js';
import { AnswerFit } from '../../src/retrieve/answer-fit.js';
import type { ReachedFact } from '../../src/retrieve/expand.js';
import { type FactEvidence, fuseFacts } from '../../src/retrieve/fuse-facts.js';
import { HAND_SET_FUSION, SEMANTIC_FUSION } from '../../src/retrieve/recipe.js';
import type { FusionOptions } from '../../src/retrieve/recipe-types.js';
import { testFact } from '../helpers/fact.js';

function fact(
  key: string,
  object: string,
  options: { subject?: string; day?: number; mentions?: number } = {},
) {
  const subject = options.subject ?? 'User';
  return testFact(key, object, {
    day: 0,
    ...options,
    statement: `${subject} ${key.replace(/_/g, ' ')} ${object}`,
  });
}

function walked(f: Fact, score: number, hops = 1, seed = 1): ReachedFact {
  return { fact: f, score, hops, seed, reachedUid: f.objectUid };
}

/**
 * Evidence with nothing found: each case adds what its signals found. The fusion is the hand-set
 * one, so these cases test how signals combine, not where `npm run fit` last moved a weight.
 */
function evidence(
  parts: Omit<Partial<FactEvidence>, 'options'> & { options?: Partial<FusionOptions> } = {},
): FactEvidence {
  const { options, ...rest } = parts;
  return {
    walked: [],
    seedStrength: 1,
    relationsNamed: true,
    relationConfidence: 1,
    userNamed: false,
    similarFacts: [],
    factCosines: new Map(),
    time: { mode: 'current' },
    limit: 10,
    pool: { perResult: 10, min: 200 },
    ...rest,
    options: { ...HAND_SET_FUSION, ...options },
  };
}

const order = (input: FactEvidence) => fuseFacts(input).facts.map((f) => `${f.predicate} ${f.object}`);

const home = fact('lives_in', 'Lisbon');
const work = fact('works_at', 'Kyoto Aquarium');
const cello = fact('plays', 'Cello');
const pizza = fact('likes', 'Pizza', { subject: 'Polar bear' });

describe('fuseFacts: the facts of a recall from their signals (pure, no store)', () => {
  it('ranks by the walk when the question names a relation, the best path counting as sure as its start', () => {
    const result = fuseFacts(evidence({ walked: [walked(home, 2), walked(work, 1)] }));
    expect(result.facts.map((f) => f.predicate)).toEqual(['lives in', 'works at']);
    // The best path counts 1 (a named start), at the graph's weight: the newest and most said keeps it.
    const top = result.facts[0];
    expect(top?.score).toBeCloseTo(HAND_SET_FUSION.graphWeight, 9);
    expect(top?.signals).toEqual(['graph']);
    expect(top?.hops).toBe(1);
    expect(top?.episodeIds).toEqual(['turn-lives_in']);
  });

  it('gives every walked fact only the near floor when no relation is named, so similarity decides', () => {
    const alone = fuseFacts(evidence({ walked: [walked(home, 5), walked(work, 3)], relationsNamed: false }));
    // Both sit at the floor (for a named start one hop away), whatever their path scores.
    const [a, b] = alone.facts;
    expect(a?.score).toBeCloseTo(HAND_SET_FUSION.nearFloor * HAND_SET_FUSION.graphWeight, 1);
    expect(Math.abs((a?.score ?? 0) - (b?.score ?? 0))).toBeLessThan(0.01);
    const withSimilarity = order(
      evidence({
        walked: [walked(home, 5), walked(work, 1)],
        relationsNamed: false,
        similarFacts: [work],
        factCosines: new Map([[work.uid, 0.8]]),
      }),
    );
    expect(withSimilarity[0]).toBe('works at Kyoto Aquarium');
  });

  it('a weak relation reading ranks facts, but less far apart than a sure one', () => {
    const spread = (confidence: number) => {
      const [first, second] = fuseFacts(
        evidence({ walked: [walked(home, 1), walked(work, 0.2)], relationConfidence: confidence }),
      ).facts;
      return (first?.score ?? 0) - (second?.score ?? 0);
    };
    expect(spread(1)).toBeGreaterThan(spread(0.75));
    expect(spread(0.75)).toBeGreaterThan(0);
  });

  it('trusts the walk less for a key the question reads only in part, by the share left unread', () => {
    const flower = fact('loves_flower', 'Sunflowers');
    const band = fact('listens_to_band', 'ABBA');
    // "Which group do I love?": the walk read loves_flower by its verb, listens_to_band by "group".
    const read = {
      walked: [walked(flower, 1), walked(band, 0.7)],
      similarFacts: [band, flower],
      factCosines: new Map([
        [band.uid, 0.45],
        [flower.uid, 0.3],
      ]),
      keyShare: (key: string) => (key === 'loves_flower' ? 0.5 : key === 'listens_to_band' ? 0.5 : 1),
    };
    const scores = (discount: number) =>
      fuseFacts(evidence({ ...read, options: { ...SEMANTIC_FUSION, unreadKeyDiscount: discount } })).facts;
    // Hand-set (no discount): the walk's reading of the verb decides.
    expect(scores(0).map((f) => f.predicate)).toEqual(['loves flower', 'listens to band']);
    // With it, both halves of keys count half above the floor, and the similar fact leads.
    expect(scores(1).map((f) => f.predicate)).toEqual(['listens to band', 'loves flower']);
    const graph = (discount: number, which: string) =>
      scores(discount).find((f) => f.predicate === which)?.contributions?.graph ?? 0;
    expect(graph(1, 'loves flower')).toBeLessThan(graph(0, 'loves flower'));
    // Never below the near floor of a fact next to the start.
    expect(graph(1, 'loves flower')).toBeGreaterThanOrEqual(
      (SEMANTIC_FUSION.graphWeight ?? 1) * HAND_SET_FUSION.nearFloor - 1e-9,
    );
    // A key read whole keeps all the trust.
    const whole = { ...read, keyShare: () => 1 };
    const same = (discount: number) =>
      fuseFacts(
        evidence({ ...whole, options: { ...SEMANTIC_FUSION, unreadKeyDiscount: discount } }),
      ).facts.map((f) => f.score);
    expect(same(1)).toEqual(same(0));
  });

  it('puts down the fit of an object of another kind than the question word asks, when another candidate is of it', () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const tennis = fact('plays', 'tennis');
    const friend = fact('friend', 'Omar');
    const pizzaLiked = fact('likes', 'pizza');
    const asked = (question: string, facts: Fact[], whMissFit: number) =>
      fuseFacts(
        evidence({
          walked: facts.map((f) => walked(f, 1)),
          seedStrength: 0.3,
          answerFit: answerFit.bind(answerFit.focus(question, [], new Set())),
          boostFit: true,
          options: { whMissFit },
        }),
      ).facts;
    const who = 'Who do I play with?';
    // Hand-set (nothing put down): the verb names `plays`, whatever its object.
    expect(asked(who, [tennis, friend], 1).map((f) => f.object)).toEqual(['tennis', 'Omar']);
    // Put down: tennis is no person, and Omar is one.
    expect(asked(who, [tennis, friend], 0).map((f) => f.object)).toEqual(['Omar', 'tennis']);
    // No candidate is a person: nothing is put down.
    const scores = (fit: number) => asked(who, [tennis, pizzaLiked], fit).map((f) => f.score);
    expect(scores(0)).toEqual(scores(1));
  });

  it("joins the similarity of a fact's predicate words after the fit, above its floor, at its weight", () => {
    const series = fact('favorite_series', 'Slow Horses');
    const eyes = fact('eye_color', 'green');
    const tied = { walked: [walked(eyes, 1), walked(series, 1)], relationsNamed: false };
    const keyCosines = new Map([
      ['favorite_series', 0.46],
      ['eye_color', 0.05],
    ]);
    // Weight 0 (the offline recipe): nothing joins, whatever the cosines.
    const off = fuseFacts(evidence({ ...tied, keyCosines, options: { relationSimilarityWeight: 0 } })).facts;
    expect(off.every((f) => !f.signals.includes('relation-similarity'))).toBe(true);
    const on = fuseFacts(
      evidence({ ...tied, keyCosines, options: { relationSimilarityWeight: 0.5, relationSimilarity: 0.1 } }),
    ).facts;
    expect(on.map((f) => f.object)).toEqual(['Slow Horses', 'green']);
    const [first, second] = on;
    // (0.46 − 0.1) / 0.9 at weight 0.5, joined as in a noisy-OR: s + p · (1 − s), still under 1.
    const before = off.find((f) => f.uid === series.uid)?.score ?? 0;
    const chance = 0.5 * (0.36 / 0.9);
    expect(first?.score).toBeCloseTo(before + chance * (1 - before), 6);
    expect(first?.contributions?.['relation-similarity']).toBeCloseTo(chance * (1 - before), 6);
    expect(first?.signals).toContain('relation-similarity');
    expect(first?.score).toBeLessThanOrEqual(1);
    // Under the floor: the eye colour gains nothing.
    expect(second?.signals).not.toContain('relation-similarity');
    expect(second?.score).toBe(off.find((f) => f.uid === eyes.uid)?.score);
  });

  it('counts similarity only above its floor, and the semantic fusion from 0.1 at full weight', () => {
    const similar = { similarFacts: [cello], factCosines: new Map([[cello.uid, 0.3]]) };
    // 0.3 is under the offline floor: not found at all.
    expect(HAND_SET_FUSION.factSimilarity).toBeGreaterThan(0.3);
    expect(order(evidence(similar))).toEqual([]);
    const semantic = fuseFacts(evidence({ ...similar, options: SEMANTIC_FUSION })).facts;
    expect(semantic.map((f) => f.predicate)).toEqual(['plays']);
    expect(semantic[0]?.signals).toEqual(['fact-similarity']);
    // (0.3 - 0.1) / 0.9 at weight 1; the only candidate is the newest and most mentioned.
    expect(semantic[0]?.score).toBeCloseTo(0.2 / 0.9, 6);
  });

  it('orders facts of equal score by their closeness to the question when it is read, never raising a score', () => {
    const tied = { walked: [walked(home, 1), walked(work, 1), walked(cello, 1)], relationsNamed: false };
    const closeness = new Map([
      [home.uid, 0.02],
      [work.uid, -0.1],
      [cello.uid, 0.12],
    ]);
    const plain = fuseFacts(evidence(tied)).facts;
    const close = fuseFacts(evidence({ ...tied, closeness })).facts;
    expect(close.map((f) => f.object)).toEqual(['Cello', 'Lisbon', 'Kyoto Aquarium']);
    // The order changes; the scores and signals do not (closeness is below every floor here).
    expect(close.map((f) => f.score)).toEqual(plain.map((f) => f.score));
    expect(close.every((f) => f.signals.join() === 'graph')).toBe(true);
  });

  it('noisy-ORs agreeing signals above either alone', () => {
    const both = fuseFacts(
      evidence({ walked: [walked(home, 1)], similarFacts: [home], factCosines: new Map([[home.uid, 0.9]]) }),
    ).facts[0];
    const walkOnly = fuseFacts(evidence({ walked: [walked(home, 1)], seedStrength: 0.5 })).facts[0];
    expect(both?.signals).toEqual(['graph', 'fact-similarity']);
    expect(both?.score).toBeGreaterThan(walkOnly?.score ?? 1);
  });

  it('cuts below minScore and at limit', () => {
    const many = Array.from({ length: 30 }, (_, i) => walked(fact('likes', `dish ${i}`), 30 - i));
    expect(fuseFacts(evidence({ walked: many, limit: 5 })).facts).toHaveLength(5);
    // The cut is on the evidence: the walk's scores relative to its best (1, 29/30, 28/30, …).
    expect(fuseFacts(evidence({ walked: many, options: { minScore: 0.92 } })).facts).toHaveLength(3);
  });

  it('keeps every score in [0, 1], however many signals, lifts and ties agree', () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const job = fact('works_as', 'pilot', { day: 300, mentions: 9 });
    const employer = fact('works_at', 'Novartis', { day: 300, mentions: 9 });
    const question = 'What do I work as?';
    for (const options of [{}, SEMANTIC_FUSION, { answerFitWeight: 5, fitTieBreak: 3, recencyWeight: 4 }]) {
      const { facts } = fuseFacts(
        evidence({
          walked: [walked(job, 9), walked(employer, 9)],
          similarFacts: [job, employer],
          factCosines: new Map([
            [job.uid, 1],
            [employer.uid, 0.99],
          ]),
          answerFit: answerFit.bind(answerFit.focus(question, [], new Set())),
          boostFit: true,
          options,
        }),
      );
      expect(facts.length).toBe(2);
      for (const f of facts) {
        expect(f.score).toBeGreaterThan(0);
        expect(f.score).toBeLessThanOrEqual(1);
      }
    }
  });

  it('says what each scorer contributed: the signals as chances, the lifts and cuts as changes', () => {
    const old = fact('likes', 'Tea', { day: 0 });
    const recent = fact('likes', 'Coffee', { day: 200, mentions: 5 });
    const { facts } = fuseFacts(
      evidence({
        walked: [walked(old, 1), walked(recent, 1)],
        similarFacts: [old],
        // Halfway between the offline floor and 1: calibrated to 0.5.
        factCosines: new Map([[old.uid, (1 + HAND_SET_FUSION.factSimilarity) / 2]]),
      }),
    );
    const tea = facts.find((f) => f.object === 'Tea');
    // Walk: the best path of a named start, at the graph's weight; similarity: 0.5 at its weight.
    expect(tea?.contributions?.graph).toBeCloseTo(HAND_SET_FUSION.graphWeight, 6);
    expect(tea?.contributions?.['fact-similarity']).toBeCloseTo(
      0.5 * HAND_SET_FUSION.factSimilarityWeight,
      6,
    );
    // Older and said once: cut by recency and mentions (negative), the newest coffee not by recency.
    expect(tea?.contributions?.recency).toBeLessThan(0);
    expect(tea?.contributions?.mentions).toBeLessThan(0);
    const coffee = facts.find((f) => f.object === 'Coffee');
    expect(coffee?.contributions?.recency ?? 0).toBeCloseTo(0, 9);
  });

  it('raises newer and more often said facts a little, never past their order by evidence', () => {
    const old = fact('likes', 'Tea', { day: 0 });
    const recent = fact('likes', 'Coffee', { day: 200, mentions: 5 });
    // Equal evidence: the newer, more often said fact first.
    expect(order(evidence({ walked: [walked(old, 1), walked(recent, 1)] }))).toEqual([
      'likes Coffee',
      'likes Tea',
    ]);
    // Clearly more evidence for the old one: it stays first.
    expect(order(evidence({ walked: [walked(old, 1), walked(recent, 0.4)] }))).toEqual([
      'likes Tea',
      'likes Coffee',
    ]);
  });

  it('lifts the fact that fits what the question asks, and reports how far the fit moved it', () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const question = 'What food should I bring to Polar bear?';
    const fit = answerFit.bind(answerFit.focus(question, ['polar', 'bear'], new Set(['Polar bear'])));
    // The walk alone puts the aquarium first (it read "bring" as a rare sense of work).
    const input = evidence({
      walked: [walked(work, 1), walked(pizza, 0.9)],
      answerFit: fit,
      boostFit: true,
      walkRead: (key) => key === 'works_at',
    });
    expect(order({ ...input, answerFit: undefined })[0]).toBe('works at Kyoto Aquarium');
    const fused = fuseFacts(input);
    expect(fused.facts[0]?.object).toBe('Pizza');
    expect(fused.facts[0]?.signals).toContain('answer-fit');
    expect(fused.fitFactor.get(pizza.uid)).toBeGreaterThan(1);
    // Not raised when the question names a chain of relations (boostFit off): the walk's order.
    expect(order({ ...input, boostFit: false })[0]).toBe('works at Kyoto Aquarium');
  });

  it("lowers the questioner's own fact read through a rare sense when its object is not shown of the kind asked", () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    // WordNet does not know the employer, so it is not known to be of another kind than food.
    const employer = fact('works_at', 'Novartis');
    const curry = fact('likes', 'curry', { subject: 'Kofi' });
    const question = "What food should I bring to Kofi's party?";
    const input = evidence({
      walked: [walked(employer, 1), walked(curry, 0.9)],
      answerFit: answerFit.bind(answerFit.focus(question, ['kofi'], new Set(['Kofi', 'User']))),
      boostFit: true,
      walkRead: (key) => key === 'works_at',
    });
    // The user's own fact (the question links the user): curry, food in its usual sense, first.
    expect(order({ ...input, questionerUid: 'User' })[0]).toBe('likes curry');
    // Another entity's facts keep the walk's order unless their object is known to be of another
    // kind: a film's director WordNet does not know still answers "the films' filmmaker".
    expect(order(input)[0]).toBe('works at Novartis');
  });

  it('lowers the fit of an object of another kind than the one asked while a candidate is of that kind', () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const tennis = fact('plays', 'tennis');
    const harp = fact('plays', 'harp');
    const input = evidence({
      walked: [walked(harp, 1), walked(tennis, 1)],
      // Both at the walk's floor, as every fact of the user is for a first-person question.
      relationsNamed: false,
      answerFit: answerFit.bind(answerFit.focus('Which sport do I play?', [], new Set(['User']))),
      boostFit: true,
      walkRead: (key) => key === 'plays',
    });
    const [first, second] = fuseFacts(input).facts;
    expect(first?.object).toBe('tennis');
    expect((first?.score ?? 0) - (second?.score ?? 0)).toBeGreaterThan(0.05);
  });

  it("puts the fact of someone the question names by a relation of the user's above the fact that leads to them", () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const wife = fact('married_to', 'Lucia');
    const teacher = fact('works_as', 'teacher', { subject: 'Lucia' });
    const own = fact('works_as', 'architect');
    const read = (question: string) => answerFit.bind(answerFit.focus(question, [], new Set(['User'])));
    // The walk puts the way first, as a chain's first hop may score above its end.
    const input = evidence({
      walked: [walked(wife, 1), walked(teacher, 0.95, 2), walked(own, 0.9)],
      answerFit: read("What is my wife's job?"),
      questionerUid: 'User',
      referenceKeys: new Set(['married_to']),
      walkRead: (key) => key === 'married_to' || key === 'works_as',
    });
    expect(order({ ...input, referenceKeys: new Set() })[0]).toBe('married to Lucia');
    // In a chain (the walk's to rank) and when the fit ranks alike.
    expect(order({ ...input, boostFit: false })[0]).toBe('works as teacher');
    // The way falls by the share a fact leading to a named entity keeps, and says so.
    const lucia = fuseFacts({ ...input, boostFit: false }).facts.find((f) => f.object === 'Lucia');
    expect(lucia?.contributions?.['named-object']).toBeLessThan(0);
    expect(order({ ...input, boostFit: true })[0]).toBe('works as teacher');
    // Not when the question asks who she is, or asks nothing more of her than her name.
    for (const question of ['Who is my wife?', "What's my wife's name?"]) {
      const asked = { ...input, answerFit: read(question), walkRead: (key: string) => key === 'married_to' };
      expect(order({ ...asked, boostFit: false })[0], question).toBe('married to Lucia');
    }
  });

  it('lifts by the fit only what the question asks of: the user alone, or someone of theirs alone', () => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const read = (question: string) => answerFit.bind(answerFit.focus(question, [], new Set(['User'])));
    // "What food do I love?": the sister's taco is food to WordNet and close to the question; the
    // user's own dish is unknown to both, and still the answer.
    const own = fact('likes', 'pho');
    const sisters = fact('likes', 'tacos', { subject: 'Maya' });
    const food = evidence({
      walked: [walked(own, 0.5), walked(sisters, 0.2, 2)],
      similarFacts: [sisters],
      factCosines: new Map([[sisters.uid, 0.6]]),
      answerFit: read('What food do I love?'),
      boostFit: true,
      questionerUid: 'User',
      walkRead: (key) => key === 'likes',
      options: SEMANTIC_FUSION,
    });
    expect(order(food)[0]).toBe('likes tacos');
    expect(order({ ...food, asksOfUserAlone: true })[0]).toBe('likes pho');
    const tacos = fuseFacts({ ...food, asksOfUserAlone: true }).facts.find((f) => f.object === 'tacos');
    expect(tacos?.contributions?.['answer-fit']).toBeUndefined();
    // "What is my husband's profession?": not the user's own, and the way to him falls further.
    const husband = fact('married_to', 'Tiago');
    const nurse = fact('works_as', 'nurse', { subject: 'Tiago' });
    const mine = fact('works_as', 'software engineer');
    const theirs = evidence({
      walked: [walked(husband, 1), walked(nurse, 0.4, 2), walked(mine, 0.5)],
      answerFit: read("What is my husband's profession?"),
      boostFit: true,
      questionerUid: 'User',
      referenceKeys: new Set(['married_to']),
      walkRead: (key) => key === 'married_to',
    });
    expect(order({ ...theirs, asksOfTheirs: true })[0]).toBe('works as nurse');
    const asked = fuseFacts({ ...theirs, asksOfTheirs: true }).facts;
    expect(
      asked.find((f) => f.object === 'software engineer')?.contributions?.['answer-fit'],
    ).toBeUndefined();
    const way = (facts: typeof asked) => facts.find((f) => f.object === 'Tiago')?.score ?? 0;
    expect(way(asked)).toBeLessThan(way(fuseFacts(theirs).facts));
  });

  it.each([
    // The user's own sport, played, outranks a liking WordNet knows as food.
    ['What sport do I like?', 'plays tennis', true],
    // So it does where the question's words name no relation of the sport's ("into" is a liking).
    ['Which sport am I into?', 'plays tennis', true],
    // No kind said after "what": the verb's relation decides.
    ['What do I like?', 'likes pizza', false],
    // The kind is said, but only by a word the fit reads loosely ("someone" is no kind asked).
    ['What should someone like?', 'likes pizza', false],
  ])('"%s": %s first; the liking of another kind falls: %s', (question, top, falls) => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    const liked = fact('likes', 'pizza');
    const dog = fact('has_dog', 'Coco');
    const input = evidence({
      walked: [walked(liked, 0.6), walked(fact('plays', 'tennis'), 0.2), walked(dog, 0.2)],
      answerFit: answerFit.bind(answerFit.focus(question, [], new Set(['User']))),
      boostFit: true,
      questionerUid: 'User',
      asksOfUserAlone: true,
      walkRead: (key) => key === 'likes',
    });
    expect(order(input)[0]).toBe(top);
    const facts = fuseFacts(input).facts;
    expect(facts.find((f) => f.object === 'pizza')?.contributions?.['other-kind'] !== undefined).toBe(falls);
    // A name is no common word WordNet may know as another kind ("Coco").
    expect(facts.find((f) => f.object === 'Coco')?.contributions?.['other-kind']).toBeUndefined();
  });
});

describe('fuseFacts: a kind asked, against a liking the question names', () => {
  // "into" is read as the relation a statement "I'm into X" is stored by: `likes`, named in full.
  const intoSport = (other: Fact) => {
    const answerFit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));
    return evidence({
      walked: [walked(fact('likes', 'pizza'), 0.6), walked(other, 0.2)],
      answerFit: answerFit.bind(answerFit.focus('Which sport am I into?', [], new Set(['User']), ['likes'])),
      boostFit: true,
      questionerUid: 'User',
      asksOfUserAlone: true,
      walkRead: (key) => key === 'likes',
    });
  };

  it("puts the user's answer of the kind asked above a liking the question's words name (pizza)", () => {
    expect(order(intoSport(fact('plays', 'volleyball')))[0]).toBe('plays volleyball');
    // Without a kind of the user's offered, the liking keeps its reading.
    expect(order(intoSport(fact('works_at', 'Lego')))[0]).toBe('likes pizza');
  });
});
