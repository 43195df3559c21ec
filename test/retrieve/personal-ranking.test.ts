import { describe, expect, it } from 'vitest';
import type { Triple } from '../../src/model/triple.js';
import { embeddedMemory } from '../helpers/embedded-memory.js';

/**
 * One user's memory on a real embedded database (hashing embedder), written once for a describe
 * block: returns the first fact recalled for a question, and `all` for every fact recalled.
 */
function personalMemory(prefix: string, triples: readonly Triple[]) {
  const memory = embeddedMemory(prefix, async (written) => {
    await written.addTriples('me', [...triples], { at: '2026-01-01T00:00:00Z' });
  });
  const all = async (query: string) => (await memory().recall({ userId: 'me', query, limit: 5 })).facts;
  return Object.assign(async (query: string) => (await all(query))[0], { all });
}

/** Expects `object` first for `query`, strictly ahead of the next fact (no tie broken by order). */
async function expectAhead(first: ReturnType<typeof personalMemory>, query: string, object: string) {
  const [top, next] = await first.all(query);
  expect(top?.object, query).toBe(object);
  expect(top?.score, query).toBeGreaterThan(next?.score ?? 0);
}

/**
 * Everyday questions about the user alone, offline (hashing embedder, real embedded database):
 * a loosely read word ("learning" read as work, "called" as plays) must not stop the answer's
 * kind from ranking the facts of the relation asked.
 */
describe('personal memory: the answer of the kind asked first (offline)', () => {
  const first = personalMemory('kgmem-personal-rank-', [
    { subject: 'I', predicate: 'lives_in', object: 'Cork' },
    { subject: 'I', predicate: 'is_from', object: 'Dundee' },
    { subject: 'I', predicate: 'works_at', object: 'Novartis' },
    { subject: 'I', predicate: 'works_as', object: 'pilot' },
    { subject: 'I', predicate: 'plays', object: 'tennis' },
    { subject: 'I', predicate: 'plays', object: 'harp' },
    { subject: 'I', predicate: 'has_dog', object: 'Ziggy' },
    { subject: 'I', predicate: 'friend', object: 'Kofi' },
    { subject: 'Kofi', predicate: 'likes', object: 'curry' },
  ]);

  it('an instrument, not a sport, for "Which instrument am I learning?"', async () => {
    expect((await first('Which instrument am I learning?'))?.object).toBe('harp');
    expect((await first('What musical instrument do I practise?'))?.object).toBe('harp');
  });

  it('a sport, not an instrument, when the question asks for one', async () => {
    expect((await first('Which sport do I do?'))?.object).toBe('tennis');
  });

  it('food for a friend\'s party, not the employer WordNet does not know ("bring" shares only a rare sense with work)', async () => {
    const facts = await first.all("What food should I bring to Kofi's party?");
    expect(facts[0]?.statement).toBe('Kofi likes curry');
    // "bring" meets work only in its 18th sense: it names no relation, so no job or employer is
    // read as asked for (they are among the user's other facts, unranked by the question).
    const firstTwo = facts.slice(0, 2).map((f) => f.object);
    expect(firstTwo).not.toContain('Novartis');
    expect(firstTwo).not.toContain('pilot');
  });

  it('the employer for "Which company pays my salary?", not the friend (company as companionship)', async () => {
    expect((await first('Which company pays my salary?'))?.object).toBe('Novartis');
  });

  it('the role for "What\'s my profession?", not the employer', async () => {
    expect((await first("What's my profession?"))?.object).toBe('pilot');
  });

  it('tells apart predicates of one word by the function word and the kind of answer asked', async () => {
    // Both read "work" surely: "as" names the role, "where" asks for a name WordNet does not know
    // (it may be a workplace) rather than a role, and "who" is not answered by a role.
    expect((await first('What do I work as?'))?.object).toBe('pilot');
    expect((await first('Where do I work?'))?.object).toBe('Novartis');
    expect((await first('Who do I work for?'))?.object).toBe('Novartis');
  });

  it('the home town for "Which place am I originally from?", not the town lived in', async () => {
    expect((await first('Which place am I originally from?'))?.object).toBe('Dundee');
  });

  it("a named friend's own fact first, before the fact that leads to them", async () => {
    expect((await first('What should I cook when Kofi comes over?'))?.statement).toBe('Kofi likes curry');
    // Asked who they are, the fact leading to them answers.
    expect((await first('Who is Kofi?'))?.statement).toBe("User's friend is Kofi");
  });

  it('reads a preposition before the wh-word as the verb\'s: "In which city was I born?" is the home town', async () => {
    await expectAhead(first, 'In which city was I born?', 'Dundee');
    await expectAhead(first, 'For whom do I work?', 'Novartis');
  });

  it('keeps a sure reading: "Where do I live?" is the home', async () => {
    expect((await first('Where do I live?'))?.object).toBe('Cork');
  });

  it('the dog for "What pet do I have?" (a pet is a domesticated animal, as a dog is)', async () => {
    expect((await first('What pet do I have?'))?.object).toBe('Ziggy');
    expect((await first("What's the name of my pet?"))?.object).toBe('Ziggy');
  });

  it('"Who is Kofi?" is answered by the facts about Kofi, not by the user\'s other people', async () => {
    const facts = await first.all('Who is Kofi?');
    expect(
      facts
        .slice(0, 2)
        .map((f) => f.statement)
        .sort(),
    ).toEqual(['Kofi likes curry', "User's friend is Kofi"]);
  });
});

/**
 * A dish WordNet does not know ("pho") is of no kind it can show or deny: the user's own liking,
 * loosely read ("love" is one link from like), is not dropped for a sister's dish WordNet knows.
 */
describe('personal memory: an object WordNet does not know (offline)', () => {
  const first = personalMemory('kgmem-personal-unknown-', [
    { subject: 'I', predicate: 'likes', object: 'pho' },
    { subject: 'I', predicate: 'allergic_to', object: 'shellfish' },
    { subject: 'I', predicate: 'sister', object: 'Maya' },
    { subject: 'Maya', predicate: 'likes', object: 'tacos' },
    { subject: 'I', predicate: 'works_at', object: 'Zalando' },
  ]);

  it('the user\'s own unfamiliar dish for "What food do I love?"', async () => {
    expect((await first('What food do I love?'))?.object).toBe('pho');
  });

  it('a capitalised name WordNet does not know is still no food', async () => {
    const facts = await first.all('What food do I love?');
    expect(facts.findIndex((f) => f.object === 'Zalando')).not.toBe(0);
  });
});

/**
 * "Which sport do I enjoy playing?": the extractor reads "enjoy playing X" as liking X, and a save
 * tool may have written what is played: one relation read two ways, so the kind asked decides.
 */
describe('personal memory: a preference verb and its gerund (offline)', () => {
  const first = personalMemory('kgmem-personal-gerund-', [
    { subject: 'I', predicate: 'likes', object: 'pizza' },
    { subject: 'I', predicate: 'plays', object: 'volleyball' },
    { subject: 'I', predicate: 'plays', object: 'piano' },
    { subject: 'I', predicate: 'lives_in', object: 'Utrecht' },
  ]);

  it.each([
    ['Which sport do I enjoy playing?', 'volleyball'],
    ['Which instrument do I enjoy playing?', 'piano'],
    ['What food do I enjoy eating?', 'pizza'],
  ])('"%s": %s', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });
});

/**
 * Questions whose wh-word is the one who does something to the user ("Which business employs
 * me?") or that ask a place "in" the extractor reads "at" ("Where am I employed?"): the employer,
 * ahead of every fact the question's words name no better.
 */
describe('personal memory: who employs the user, and terse questions (offline)', () => {
  const first = personalMemory('kgmem-personal-employs-', [
    { subject: 'I', predicate: 'lives_in', object: 'Lyon' },
    { subject: 'I', predicate: 'works_at', object: 'Siemens' },
    { subject: 'I', predicate: 'works_as', object: 'nurse' },
    { subject: 'I', predicate: 'plays', object: 'violin' },
    { subject: 'I', predicate: 'plays', object: 'tennis' },
    { subject: 'I', predicate: 'has_dog', object: 'Rex' },
    { subject: 'I', predicate: 'is_from', object: 'Leeds' },
  ]);

  it.each([
    ['Job?', 'nurse'],
    ['Employer?', 'Siemens'],
    ['Birthplace?', 'Leeds'],
  ])('a terse question: "%s" asks what "What is my …?" does (%s)', async (query, object) => {
    await expectAhead(first, query, object);
  });

  it.each(['Which business employs me?', 'Who hired me?', 'Where am I employed?'])(
    'the employer for "%s" (read as the extractor reads "Zorvanek employs me"), ahead of any tie',
    async (query) => {
      await expectAhead(first, query, 'Siemens');
    },
  );
});

/**
 * The kind asked after "what" or "which" outranks a liking the question's verb names: "What sport
 * do I like?" is answered by the sport played, not by a food liked, however surely "like" reads
 * `likes`; a name (a dog's) is never read as a kind WordNet knows by that word.
 */
describe("personal memory: the kind asked before the verb's relation (offline)", () => {
  const first = personalMemory('kgmem-personal-kind-asked-', [
    { subject: 'I', predicate: 'likes', object: 'pizza' },
    { subject: 'I', predicate: 'likes', object: 'jazz' },
    { subject: 'I', predicate: 'plays', object: 'tennis' },
    { subject: 'I', predicate: 'plays', object: 'violin' },
    { subject: 'I', predicate: 'has_dog', object: 'Coco' },
    { subject: 'I', predicate: 'lives_in', object: 'Valencia' },
  ]);

  it.each([
    ['What sport do I like?', 'tennis'],
    ['What sport am I into?', 'tennis'],
    ['What food do I like?', 'pizza'],
    ['What music do I like?', 'jazz'],
    ['What instrument do I love?', 'violin'],
  ])('"%s": %s', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });

  it('keeps the liking of another kind among the results, below the answer', async () => {
    const objects = (await first.all('What sport do I like?')).map((f) => f.object);
    expect(objects.indexOf('pizza')).toBeGreaterThan(objects.indexOf('tennis'));
    expect(objects).toContain('pizza');
  });
});

/**
 * A sport WordNet files elsewhere: fencing sits under combat in its hierarchy, and its definition
 * calls it "the art or sport of fighting with swords"; the harp is an instrument either way.
 */
describe('personal memory: a kind its definition names (offline)', () => {
  const first = personalMemory('kgmem-personal-genus-', [
    { subject: 'I', predicate: 'plays', object: 'harp' },
    { subject: 'I', predicate: 'plays', object: 'fencing' },
    { subject: 'I', predicate: 'lives_in', object: 'Cork' },
  ]);

  it.each([
    ['Which sport do I play?', 'fencing'],
    ['Which sport do I do?', 'fencing'],
    ['Which instrument do I play?', 'harp'],
  ])('"%s": %s', async (query, object) => {
    await expectAhead(first, query, object);
  });
});

describe('personal memory: a kind its definition names, by a relation no word reads (offline)', () => {
  // "I joined a fencing club" writes `does fencing`; "Which sport do I do?" reads no relation
  // ("do" is a function word), so the kind its definition names decides.
  const first = personalMemory('kgmem-personal-genus-does-', [
    { subject: 'I', predicate: 'plays', object: 'harp' },
    { subject: 'I', predicate: 'does', object: 'fencing' },
    { subject: 'I', predicate: 'lives_in', object: 'Cork' },
  ]);

  it('"Which sport do I do?": fencing, ahead of the harp', async () => {
    await expectAhead(first, 'Which sport do I do?', 'fencing');
  });
});

/**
 * One relation the extractor writes by the verb a turn used ("I love dumplings": `loves`; "my
 * favourite dish is …": `likes`): the user's own liking answers "What's my favourite meal?",
 * not a friend's written with the very key the question's statement reads.
 */
describe('personal memory: a liking written by another verb (offline)', () => {
  const first = personalMemory('kgmem-personal-siblings-', [
    { subject: 'I', predicate: 'loves', object: 'dumplings' },
    { subject: 'I', predicate: 'friend', object: 'Kofi' },
    { subject: 'Kofi', predicate: 'likes', object: 'lasagna' },
    { subject: 'I', predicate: 'works_as', object: 'plumber' },
  ]);

  it.each([["What's my favourite meal?"], ['What dish do I enjoy most?'], ['What do I like to eat?']])(
    '"%s": the user\'s own, loved',
    async (query) => {
      expect((await first(query))?.object).toBe('dumplings');
    },
  );

  it("still answers the friend's liking when the question asks of the friend", async () => {
    expect((await first('What does Kofi like?'))?.object).toBe('lasagna');
  });
});

describe('personal memory: the key asked before its siblings, and no sibling of another kind (offline)', () => {
  const first = personalMemory('kgmem-personal-siblings-tie-', [
    { subject: 'I', predicate: 'likes', object: 'goulash' },
    { subject: 'I', predicate: 'loves', object: 'rowing' },
    { subject: 'I', predicate: 'works_at', object: 'Nintendo' },
    { subject: 'I', predicate: 'works_as', object: 'plumber' },
    { subject: 'I', predicate: 'partner', object: 'Greta' },
  ]);

  it('"What\'s my favourite meal?": the key its statement reads (`likes`) wins the tie with `loves`', async () => {
    await expectAhead(first, "What's my favourite meal?", 'goulash');
  });

  it('"Who is my employer?": the employer, not the partner ("partner" is also to work as one)', async () => {
    await expectAhead(first, 'Who is my employer?', 'Nintendo');
  });
});

/**
 * Someone of the user's named by the relation ("my friend", "my wife's job"): the question asks
 * something of them, so their fact answers it and the user's fact naming them is the way there;
 * unless it asks who they are, or their name.
 */
describe("personal memory: someone named by a relation of the user's (offline)", () => {
  const first = personalMemory('kgmem-personal-reference-', [
    { subject: 'I', predicate: 'friend', object: 'Marta' },
    { subject: 'Marta', predicate: 'likes', object: 'paella' },
    { subject: 'I', predicate: 'likes', object: 'ramen' },
    { subject: 'I', predicate: 'married_to', object: 'Lucia' },
    { subject: 'Lucia', predicate: 'works_as', object: 'teacher' },
    { subject: 'I', predicate: 'works_as', object: 'architect' },
    { subject: 'I', predicate: 'lives_in', object: 'Valencia' },
    { subject: 'I', predicate: 'brother', object: 'Diego' },
    { subject: 'Diego', predicate: 'lives_in', object: 'Sevilla' },
  ]);

  it.each([
    ['What does my friend enjoy eating?', 'paella'],
    ["What is my wife's job?", 'teacher'],
    // Asked of them as the first person's question would ask it of the user ("What do I do for a
    // living?": works_as; "Which city am I based in?": lives_in), not "living" read as lives_in.
    ['What does my wife do for a living?', 'teacher'],
    ['Which city is my brother based in?', 'Sevilla'],
    // A word describing them between "my" and the relation still names them.
    ['What does my dear friend enjoy eating?', 'paella'],
    ['Where does my older brother live?', 'Sevilla'],
    ["What is my lovely wife's profession?", 'teacher'],
  ])('"%s": their own fact first (%s)', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });

  it.each([
    ['Who is my friend?', 'Marta'],
    ["What's my friend's name?", 'Marta'],
    ['Who is my wife?', 'Lucia'],
  ])('"%s": the fact naming them first (%s)', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });
});

/**
 * A question about someone of the user's whose relation no word names ("profession" names no
 * predicate; it asks for an occupation): the walk opens its last hop from them, and the user's own
 * profession does not answer a question about theirs.
 */
describe("personal memory: a relation of someone of the user's that no word names (offline)", () => {
  const first = personalMemory('kgmem-personal-their-', [
    { subject: 'I', predicate: 'married_to', object: 'Tiago' },
    { subject: 'Tiago', predicate: 'works_as', object: 'nurse' },
    { subject: 'I', predicate: 'works_as', object: 'software engineer' },
    { subject: 'I', predicate: 'works_at', object: 'Farfetch' },
    { subject: 'I', predicate: 'lives_in', object: 'Porto' },
    { subject: 'I', predicate: 'sister', object: 'Rita' },
    { subject: 'Rita', predicate: 'lives_in', object: 'Lisbon' },
  ]);

  it.each([
    ["What is my husband's profession?", 'nurse'],
    // The user's own question keeps the user's own fact.
    ['What is my profession?', 'software engineer'],
    ['Who is my husband?', 'Tiago'],
  ])('"%s" → %s', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });
});

/**
 * A question read with the extractor's grammar: "Where did I grow up?" answered as "I grew up in
 * X." is `is_from`, as the extractor writes it; "grow" alone is one WordNet link from a job's
 * "work", which must not put the job first.
 */
describe('personal memory: the relation a question asks, read as the extractor reads its answer', () => {
  const first = personalMemory('kgmem-personal-asked-', [
    { subject: 'I', predicate: 'lives_in', object: 'Tartu' },
    { subject: 'I', predicate: 'is_from', object: 'Bilbao' },
    { subject: 'I', predicate: 'works_as', object: 'electrician' },
    { subject: 'I', predicate: 'works_at', object: 'Novartis' },
    { subject: 'I', predicate: 'married_to', object: 'Greta' },
    { subject: 'I', predicate: 'friend', object: 'Henrik' },
  ]);

  it.each([
    ['Where did I grow up?', 'Bilbao'],
    // The answer fit reads the asked relation as surely as the walk does: "originally" and
    // "from" alone name `is_from` only loosely, and "place" (a workplace) must not win.
    ['Which place am I originally from?', 'Bilbao'],
    ['Where do I live?', 'Tartu'],
    ['Who am I married to?', 'Greta'],
  ])('%j: %s first', async (query, answer) => {
    expect((await first(query))?.object).toBe(answer);
  });
});

describe('personal memory: how the user does something, and a verb the tagged texts read as a noun', () => {
  const first = personalMemory('kgmem-personal-how-', [
    { subject: 'I', predicate: 'commutes_by', object: 'cycling' },
    { subject: 'I', predicate: 'takes_coffee', object: 'black' },
    { subject: 'I', predicate: 'is_reading', object: 'Dune' },
    { subject: 'I', predicate: 'lives_in', object: 'Tartu' },
    { subject: 'I', predicate: 'mom', object: 'Amina' },
    { subject: 'I', predicate: 'supports', object: 'Arsenal' },
    { subject: 'I', predicate: 'phone_number', object: '555-0142' },
  ]);

  it.each([
    // "How" asks the means or the manner, read as the extractor reads its answer.
    ['How do I get to work?', 'cycling'],
    ['How do I take my coffee?', 'black'],
    // "call" the verb, and "someone" no kind of answer: not the mother, a person.
    ['How can someone call me?', '555-0142'],
  ])('%j: %s first', async (query, answer) => {
    expect((await first(query))?.object).toBe(answer);
  });

  it('"Who do I root for?": the mother is no answer because "root", as a noun, is an ancestor', async () => {
    const [top] = await first.all('Who do I root for?');
    expect(top?.object).not.toBe('Amina');
  });
});

describe('personal memory: a relation asked by a set phrase, kept under another key (offline)', () => {
  const first = personalMemory('kgmem-personal-idiom-', [
    { subject: 'I', predicate: 'occupation', object: 'plumber' },
    { subject: 'I', predicate: 'lives_in', object: 'Krakow' },
    { subject: 'I', predicate: 'works_for', object: 'Acme' },
    { subject: 'I', predicate: 'supports', object: 'Arsenal' },
  ]);

  it('"What do I do for a living?": the occupation, not the home "living" shares a stem with', async () => {
    expect((await first('What do I do for a living?'))?.object).toBe('plumber');
  });
});

/**
 * A phrasal verb is one verb: "work out" is to exercise and "look after" to care for, so "work" and
 * "look" name no relation of their own (`travels_to_work_by`, `watches_on`).
 */
describe('personal memory: a phrasal verb read as one verb (offline)', () => {
  const first = personalMemory('kgmem-personal-phrasal-', [
    { subject: 'I', predicate: 'dentist', object: 'Dr. Lindqvist' },
    { subject: 'I', predicate: 'watches_on', object: 'Netflix' },
    { subject: 'I', predicate: 'travels_to_work_by', object: 'bus' },
    { subject: 'I', predicate: 'volunteer_work', object: 'Red Cross' },
    { subject: 'I', predicate: 'fitness_club', object: 'PureGym' },
  ]);

  it.each([
    ['Where do I work out?', ['bus', 'Red Cross']],
    ['Who looks after my teeth?', ['Netflix']],
  ])('"%s": no fact first for the verb alone (%s)', async (query, wrong) => {
    const top = await first(query);
    expect(top, query).toBeDefined();
    expect(wrong).not.toContain(top?.object);
  });

  it('"What do I watch on?": the verb alone still names its relation (guard)', async () => {
    expect((await first('What do I watch on?'))?.object).toBe('Netflix');
  });
});

/**
 * A word said of someone of the user's whom no relation of the user's names ("my girlfriend's
 * name", where the memory says `dating`) asks about them: the user's own name does not answer it.
 */
describe("personal memory: a name asked of someone of the user's (offline)", () => {
  const first = personalMemory('kgmem-personal-possessed-', [
    { subject: 'I', predicate: 'dating', object: 'Sam' },
    { subject: 'I', predicate: 'preferred_name', object: 'Tommo' },
    { subject: 'I', predicate: 'dentist', object: 'Dr. Okafor' },
  ]);

  it("\"What's my girlfriend's name?\": not the user's own name above the one they date", async () => {
    const facts = await first.all("What's my girlfriend's name?");
    const own = facts.find((f) => f.object === 'Tommo');
    const dated = facts.find((f) => f.object === 'Sam');
    expect(dated).toBeDefined();
    expect(own?.score ?? 0).toBeLessThanOrEqual(dated?.score ?? 0);
  });

  it.each([
    ["What's my name?", 'Tommo'],
    ["What's my dentist's name?", 'Dr. Okafor'],
  ])('"%s": %s (guard)', async (query, object) => {
    expect((await first(query))?.object).toBe(object);
  });
});
