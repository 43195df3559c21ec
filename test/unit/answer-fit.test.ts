import { describe, expect, it } from 'vitest';
import { CombinedLexicon, StemLexicon } from '../../src/lexicon/base.js';
import { WordNetLexicon } from '../../src/lexicon/wordnet-lexicon.js';
import { stem } from '../../src/model/text.js';
import type { Fact } from '../../src/model/types.js';
import { AnswerFit } from '../../src/retrieve/answer-fit.js';
import { isTime } from '../../src/retrieve/answer-wh.js';
import { testFact } from '../helpers/fact.js';

const fit = new AnswerFit(new CombinedLexicon([new StemLexicon(stem), new WordNetLexicon()]));

const fact = (key: string, object: string, subject = 'User') => testFact(key, object, { subject });

/** The facts in order of fit to a question (names: the question's linked names). */
function ranked(question: string, facts: Fact[], names: string[] = []): string[] {
  const focus = fit.focus(
    question,
    names.flatMap((n) => n.toLowerCase().split(' ')),
    new Set(names),
  );
  return facts
    .map((f) => ({ f, s: fit.score(focus, f) }))
    .sort((a, b) => b.s - a.s)
    .map(({ f }) => `${f.key} ${f.object}`);
}

describe('answer fit: what the question asks, against predicate and object', () => {
  const user = [
    fact('plays', 'cello'),
    fact('plays', 'rugby'),
    fact('works_at', 'Nintendo'),
    fact('works_as', 'plumber'),
    fact('lives_in', 'Lisbon'),
    fact('sister', 'Astrid'),
    fact('married_to', 'Sofia'),
    fact('birthday', 'March 3'),
    fact('age', '41'),
    fact('likes', 'paella'),
  ];

  it.each([
    ['Which instrument am I learning?', 'plays cello'],
    ['Which sport do I do?', 'plays rugby'],
    ['Who is my employer?', 'works_at Nintendo'],
    ['Who is my sibling?', 'sister Astrid'],
    ['Who is my spouse?', 'married_to Sofia'],
    ['When is my birthday?', 'birthday March 3'],
    ['How old am I?', 'age 41'],
    ["What's my favourite meal?", 'likes paella'],
    // An occupation is named by the person who follows it (a plumber), not by the employer.
    ["What's my profession?", 'works_as plumber'],
    ['What is my job?', 'works_as plumber'],
    // Work is what one is paid for (work's third sense); a company WordNet does not know by name
    // may be the one asked for; company as companionship (its third sense) is not read.
    ['Which company pays my salary?', 'works_at Nintendo'],
  ])('%s → %s first', (question, expected) => {
    expect(ranked(question, user)[0]).toBe(expected);
  });

  it('reads the kind named after "what" as the answer\'s, the other nouns as the relation', () => {
    // "job" alone asks for a role (a plumber); "What firm …" asks for the employer.
    expect(ranked('What firm do I have a job with?', user)[0]).toBe('works_at Nintendo');
    expect(ranked('What is my job?', user)[0]).toBe('works_as plumber');
  });

  it('reads no kind of answer in a word the tagged texts use mostly as a verb ("employs", "cook")', () => {
    // "Who employs me?": the firm, not a role WordNet relates to employing.
    expect(fit.focus('Who employs me?', [], new Set()).kindWords).toEqual([]);
    expect(
      ranked('Who employs me?', [fact('works_as', 'software engineer'), fact('works_at', 'Farfetch')])[0],
    ).toBe('works_at Farfetch');
    expect(fit.focus('What should someone cook for me?', [], new Set()).kindWords).not.toContain('cook');
    expect(fit.focus('Which food do I love?', [], new Set()).kindWords).toEqual(['food']);
  });

  it.each([
    ['Who do I root for?', 'root'],
    ['What did I name my cat?', 'name'],
  ])(
    'reads the word after an auxiliary and its pronoun as the verb, no kind of answer: %s',
    (question, verb) => {
      const focus = fit.focus(question, [], new Set());
      expect(focus.verbs.has(verb)).toBe(true);
      expect(focus.kindWords).not.toContain(verb);
    },
  );

  it('reads no relation in the noun senses of a verb: "root" (an ancestor, above a mother) names no parent', () => {
    const focus = fit.focus('Who do I root for?', [], new Set());
    // Both are people (or may be) to "who"; neither predicate is named by rooting.
    expect(fit.read(focus, fact('mom', 'Amina')).relation).toBe(0);
    expect(fit.score(focus, fact('mom', 'Amina'))).toBeLessThanOrEqual(
      fit.score(focus, fact('supports', 'the Yankees')),
    );
  });

  it('reads "someone", "anybody" as the subject of the question, no kind of answer nor relation', () => {
    const focus = fit.focus('How can someone call me?', [], new Set());
    expect(focus.words).toEqual(['call']);
    expect(focus.kindWords).toEqual([]);
    expect(
      ranked('How can someone call me?', [fact('mom', 'Amina'), fact('phone_number', '555-0142')])[0],
    ).toBe('phone_number 555-0142');
    expect(fit.focus('What should someone cook for me?', [], new Set()).kindWords).toEqual([]);
    expect(fit.focus('Who is my doctor?', [], new Set()).kindWords).toEqual(['doctor']);
  });

  it('reads a period of time named after "what" as asking when ("What date …")', () => {
    expect(fit.focus('What date should people celebrate me?', [], new Set()).wh).toBe('time');
    expect(fit.focus('Which year did I move?', [], new Set()).wh).toBe('time');
    expect(fit.focus('What place do I like?', [], new Set()).wh).toBeUndefined();
    expect(
      ranked('What date should people celebrate me?', [
        fact('married_to', 'Tomas'),
        fact('birthday', 'March 3'),
      ])[0],
    ).toBe('birthday March 3');
  });

  it('reads a time by the clock, a time of day and a period as answering "when", a colour not', () => {
    for (const time of ['10 pm', '7:15 am', '6:30', "9 o'clock", 'midnight', 'weekends', 'Tuesday mornings'])
      expect(isTime(time), time).toBe(true);
    for (const other of ['hazel', 'Comcast', 'pm', '10 people', 'cello'])
      expect(isTime(other), other).toBe(false);
    const focus = fit.focus('When is lights out for me?', [], new Set());
    expect(fit.score(focus, fact('sleeps_at', '10 pm'))).toBeGreaterThan(0);
    // Nor does a time answer "where", however surely the relation is asked.
    expect(ranked('Where do I swim?', [fact('swims_at', '7 am'), fact('swims_at', 'Lisbon')])[0]).toBe(
      'swims_at Lisbon',
    );
  });

  it('knows an object not of the kind the question word asks: no person for "who", no time for "when"', () => {
    const misses = (question: string, key: string, object: string) =>
      fit.bind(fit.focus(question, [], new Set())).missesWh(fact(key, object));
    expect(misses('Who treats my bad back?', 'snacks_on', 'popcorn')).toBe(true);
    expect(misses('Who treats my bad back?', 'lucky_number', '3')).toBe(true);
    expect(misses('Who treats my bad back?', 'physio', 'Dr. Virtanen')).toBe(false);
    // A name is never known to be no one ("Mrs. Green" is no colour); nor an object under a person's key.
    expect(misses('Who waters my plants?', 'neighbour', 'Mrs. Green')).toBe(false);
    expect(misses('Who minds my kids?', 'babysitter', 'my sister')).toBe(false);
    expect(misses('When do I go to bed?', 'eye_color', 'hazel')).toBe(true);
    expect(misses('When do I go to bed?', 'bedtime', '10 pm')).toBe(false);
    // A place has too many kinds to tell.
    expect(misses('Where do I swim?', 'swims_at', 'the gym')).toBe(false);
  });

  it('reads the noun an adverb pertains to as a kind asked ("What do I do professionally?": a profession)', () => {
    expect(fit.focus('What do I do professionally?', [], new Set()).kindWords).toEqual(['profession']);
    expect(ranked('What do I do professionally?', user)[0]).toBe('works_as plumber');
  });

  it('reads a kind of person as no answer to "where", however surely the relation is asked', () => {
    // The extractor reads "I have a job in X" as the job: the question word still asks for a place.
    const focus = fit.focus('Where do I have a job?', [], new Set(), ['works_as']);
    expect(fit.read(focus, fact('works_at', 'Allegro')).fit).toBeGreaterThan(
      fit.read(focus, fact('works_as', 'product manager')).fit,
    );
    expect(fit.bind(focus).wrongWh(fact('works_as', 'nurse'))).toBe(true);
    expect(fit.bind(focus).wrongWh(fact('lives_in', 'Krakow'))).toBe(false);
  });

  it("credits a predicate's function word only where the question uses it as the predicate does", () => {
    const tie = (question: string) => {
      const focus = fit.focus(question, [], new Set());
      return (
        fit.read(focus, fact('works_at', 'Allegro')).tieBreak -
        fit.read(focus, fact('works_as', 'nurse')).tieBreak
      );
    };
    // "at work" names where the work is done, not the firm one works at.
    expect(tie('What do I do at work?')).toBe(0);
    expect(tie('Which firm do I work at?')).toBeGreaterThan(0);
  });

  it('reads "trade" as asking for an occupation, one of its two usual senses', () => {
    expect(ranked('What is my trade?', user)[0]).toBe('works_as plumber');
    const focus = fit.focus('What is my trade?', [], new Set());
    expect(fit.read(focus, fact('works_as', 'plumber')).fit).toBeGreaterThan(
      fit.read(focus, fact('works_at', 'Nintendo')).fit,
    );
  });

  it('breaks a tie of predicates the question reads alike by the kind it names, a compound included', () => {
    const focus = fit.focus("What's my line of work?", [], new Set());
    const role = fit.read(focus, fact('works_as', 'plumber'));
    const employer = fit.read(focus, fact('works_at', 'Nintendo'));
    expect(role.fit).toBe(employer.fit);
    expect(role.tieBreak).toBeGreaterThan(employer.tieBreak);
  });

  it('reads a spouse as a person when the question asks who, as a relative is (a "married" is a person)', () => {
    // No word of the question names a relation: only "who" tells the facts apart.
    const focus = fit.focus('Who is it?', [], new Set());
    const spouse = fit.read(focus, fact('married_to', 'Sofia'));
    expect(spouse.fit).toBeGreaterThan(0);
    expect(spouse.fit).toBe(fit.read(focus, fact('sister', 'Astrid')).fit);
    expect(spouse.fit).toBeGreaterThan(fit.read(focus, fact('works_at', 'Nintendo')).fit);
  });

  it('reads a predicate word whose synonym is a compound of the question word ("email": electronic mail)', () => {
    const focus = fit.focus('How do I get my mail online?', [], new Set());
    expect(fit.relationOf(focus, 'email')).toBeGreaterThan(0);
    expect(fit.relationOf(fit.focus('Where is my letter?', [], new Set()), 'email')).toBe(0);
  });

  it('reads a relation the question asks, as the extractor reads its answer, as surely as a shared stem', () => {
    const question = 'Which place am I originally from?';
    const loose = fit.relationOf(fit.focus(question, [], new Set()), 'is_from');
    const asked = fit.focus(question, [], new Set(), ['is_from']);
    expect(loose).toBeLessThan(1);
    expect(fit.relationOf(asked, 'is_from')).toBe(1);
    // Only the asked relation: every other is read from the question's words as before.
    expect(fit.relationOf(asked, 'works_at')).toBe(
      fit.relationOf(fit.focus(question, [], new Set()), 'works_at'),
    );
  });

  it('reads the question word of a contraction: "Who\'s" asks for a person', () => {
    const focus = fit.focus("Who's my sibling?", [], new Set());
    expect(focus.wh).toBe('person');
  });

  it('reads a capitalised object in its place sense for "where": Cork the city, not the bark', () => {
    const facts = [fact('works_at', 'Novartis'), fact('lives_in', 'Cork'), fact('plays', 'cello')];
    expect(ranked('Where am I based now?', facts)[0]).toBe('lives_in Cork');
    // Lower case, the word keeps its usual sense: a cork is no place.
    const focus = fit.focus('Where am I based now?', [], new Set());
    expect(fit.score(focus, fact('owns', 'cork'))).toBe(0);
  });

  it('reads a name WordNet does not know as the place asked for, and the predicate the question names first', () => {
    const facts = [fact('lives_in', 'Lisbon'), fact('is_from', 'Dundee'), fact('works_at', 'Nintendo')];
    // Lisbon is a city WordNet knows; Dundee it does not, but "from" names `is_from`.
    expect(ranked('Which place am I originally from?', facts)[0]).toBe('is_from Dundee');
    // A name of a person is not a place, whatever the question asks.
    const focus = fit.focus('Which place am I originally from?', [], new Set());
    expect(fit.score(focus, fact('sister', 'Dundee'))).toBe(0);
  });

  it('reads the question word, not a "when" that starts a clause', () => {
    const focus = fit.focus('What should I cook when Tomas comes over?', ['tomas'], new Set());
    expect(focus.wh).toBeUndefined();
    expect(fit.focus('When is my birthday?', [], new Set()).wh).toBe('time');
  });

  it('knows what kind of thing an object is, in any of its senses, and says when a reading contradicts it', () => {
    const focus = fit.focus("What food should I bring to Polar bear's party?", ['polar', 'bear'], new Set());
    const pizza = fact('likes', 'Pizza', 'Polar bear');
    const aquarium = fact('works_at', 'Kyoto Aquarium');
    expect(fit.ofKind(focus, pizza)).toBe(true);
    expect(fit.otherKind(focus, aquarium)).toBe(true);
    // "bring" meets `works_at` only through work's 18th sense: no reading in the usual senses.
    expect(fit.relationOf(focus, 'works_at')).toBeLessThan(0.9);
  });

  it('lowers a fact that leads back to an entity the question names', () => {
    const focus = fit.focus('What dish would Kofi enjoy?', ['kofi'], new Set(['Kofi']));
    const friend = fit.score(focus, fact('friend', 'Kofi'));
    const dish = fit.score(focus, fact('likes', 'curry', 'Kofi'));
    expect(dish).toBeGreaterThan(friend);
  });
});

describe('answer fit: a name whose key says its kind', () => {
  it('reads a name under a key naming a kind as of that kind, and no other name so', () => {
    const focus = fit.focus('Which animal lives with me?', [], new Set());
    const bound = fit.bind(focus);
    // "Nala" is nothing WordNet knows; `has_dog` says it is a dog, and a dog is an animal.
    expect(bound.ofKind(fact('has_dog', 'Nala'))).toBe(true);
    expect(bound.ofKind(fact('sister', 'Ilse'))).toBe(false);
    expect(bound.ofKind(fact('lives_in', 'Quito'))).toBe(false);
    // A common word is read by its own kind, whatever the key says.
    expect(bound.ofKind(fact('has_dog', 'pizza'))).toBe(false);
    expect(ranked('Which animal lives with me?', [fact('likes', 'Nala'), fact('has_dog', 'Nala')])[0]).toBe(
      'has_dog Nala',
    );
    const relative = fit.bind(fit.focus('Which relative visits me?', [], new Set()));
    expect(relative.ofKind(fact('sister', 'Ilse'))).toBe(true);
  });
});

describe('answer fit: a preposition left at the end of the question', () => {
  it('reads it as naming the predicate that ends with it, the kind telling such predicates apart', () => {
    const user = [fact('married_to', 'Mateo'), fact('studies_at', 'Oxford'), fact('works_at', 'Nintendo')];
    expect(ranked('What company am I at?', user)[0]).toBe('works_at Nintendo');
    const focus = fit.focus('What company am I at?', [], new Set());
    expect(fit.relationOf(focus, 'works_at')).toBeGreaterThan(0);
    expect(fit.relationOf(focus, 'married_to')).toBe(0);
  });

  it("reads it as its own verb's after a verb of the question ('Who do I root for?': no one worked for)", () => {
    const rooting = fit.focus('Who do I root for?', [], new Set());
    const asAt = fit.focus('Who am I working for?', [], new Set());
    // "root" names no work in any sense the fit reads; the "for" is rooting's.
    expect(fit.relationOf(rooting, 'is_employed_for')).toBe(0);
    expect(fit.relationOf(asAt, 'is_employed_for')).toBeGreaterThan(0);
  });
});

describe('answer fit: exercise in general', () => {
  it('reads any sport, exercise or dance as what one does for exercise, and an instrument not', () => {
    const exercise = fit.bind(fit.focus('What do I play for exercise?', [], new Set()));
    expect(exercise.ofUsualKind(fact('plays', 'badminton'))).toBe(true);
    expect(exercise.ofUsualKind(fact('plays', 'violin'))).toBe(false);
    // Both are played: the kind tells them apart.
    expect(exercise.read(fact('plays', 'badminton')).tieBreak).toBeGreaterThan(
      exercise.read(fact('plays', 'violin')).tieBreak,
    );
    const workout = fit.bind(fit.focus('What do I do for a workout?', [], new Set()));
    expect(workout.ofUsualKind(fact('does', 'swimming'))).toBe(true);
  });
});

describe('answer fit: a key naming another thing than the question', () => {
  it("reads a shared word as another relation's where each names a thing the other does not", () => {
    const manager = fit.focus("What's my manager's name?", [], new Set());
    // `dog_name` shares "name" but names a dog; the question a manager.
    expect(fit.relationOf(manager, 'dog_name')).toBe(0);
    const partner = fit.focus("What's my partner's name?", [], new Set());
    expect(fit.relationOf(partner, 'dog_name')).toBe(0);
    expect(fit.relationOf(partner, 'spouse')).toBeGreaterThan(0);
    const film = fit.focus("What's my favourite film?", [], new Set());
    expect(fit.relationOf(film, 'favourite_dish')).toBe(0);
    expect(fit.relationOf(film, 'favourite_artist')).toBe(0);
    expect(fit.relationOf(film, 'favorite_movie')).toBeGreaterThan(0);
    const colour = fit.focus('What is my favourite colour?', [], new Set());
    expect(fit.relationOf(colour, 'favorite_food')).toBe(0);
  });

  it('keeps the shared word where the key names nothing the question does not', () => {
    // The dog is the question's too; "called" is its verb.
    expect(fit.relationOf(fit.focus("What's my dog called?", [], new Set()), 'dog_name')).toBeGreaterThan(0);
    // The key's "plays" is its verb, and the instrument the question's kind.
    expect(
      fit.relationOf(fit.focus('What instrument do I play?', [], new Set()), 'plays_instrument'),
    ).toBeGreaterThan(0);
    expect(ranked("What's my partner's name?", [fact('dog_name', 'Rex'), fact('spouse', 'Elena')])[0]).toBe(
      'spouse Elena',
    );
  });
});

describe('answer fit: a relation asked by a set phrase, under a key the user does not hold', () => {
  const living = { idiomWords: ['for', 'a', 'living'], unheldKeys: ['works_as'] };

  it("reads the asked key's words, not the phrase's ('living' is no home)", () => {
    const focus = fit.focus('What do I do for a living?', [], new Set(), [], living);
    expect(fit.relationOf(focus, 'lives_in')).toBe(0);
    expect(fit.relationOf(focus, 'occupation')).toBeGreaterThan(0);
    expect(fit.relationOf(focus, 'job_title')).toBeGreaterThan(0);
    // Another function word, another relation: the employer is not what one does.
    expect(fit.relationOf(focus, 'works_for')).toBe(0);
    // Unread, "living" names the home by its stem.
    expect(
      fit.relationOf(fit.focus('What do I do for a living?', [], new Set()), 'lives_in'),
    ).toBeGreaterThan(0);
  });

  it('keeps the kind a set phrase says ("for exercise": a sport, not an instrument)', () => {
    const reading = { idiomWords: ['for', 'exercise'], unheldKeys: [] };
    const exercise = fit.bind(fit.focus('What do I play for exercise?', [], new Set(), [], reading));
    expect(exercise.ofUsualKind(fact('plays', 'badminton'))).toBe(true);
    expect(exercise.ofUsualKind(fact('plays', 'violin'))).toBe(false);
  });
});
