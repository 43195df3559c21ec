import { describe, expect, it } from 'vitest';
import { StemLexicon } from '../../src/lexicon/base.js';
import { tokenize } from '../../src/model/normalize.js';
import { stem } from '../../src/model/text.js';
import {
  AskedLexicon,
  answeringStatements,
  askedRelations,
  askedToken,
  withAskedRelations,
} from '../../src/retrieve/asked-relation.js';

describe('the relation a first-person question asks, read by the extractor from its answer', () => {
  it.each([
    ['Where did I grow up?', ['I grew up in Zorvanek.', 'I grown up in Zorvanek.']],
    ['Which sport do I play?', ['I play Zorvanek.']],
    ['Where do I live?', ['I live in Zorvanek.']],
    ['Who am I married to?', ['I am married to Zorvanek.']],
    ["What's my favourite meal?", ['My favourite meal is Zorvanek.']],
    ['When is my birthday?', ['My birthday is Zorvanek.']],
    ['What did I study?', ['I studied Zorvanek.']],
    ["What're my hobbies?", ['My hobbies are Zorvanek.']],
    // A phrase after the verb: the object asked may stand before it, or the phrase may end it.
    ['What do I do for a living?', ['I do for a living Zorvanek.', 'I do Zorvanek for a living.']],
    [
      'Which instrument do I play in the band?',
      ['I play in the band Zorvanek.', 'I play Zorvanek in the band.'],
    ],
    ['Where do I go on holiday?', ['I go on holiday in Zorvanek.']],
    // A participle last follows the auxiliary.
    ["What's my dog called?", ['My dog is called Zorvanek.']],
    ['Where is my sister based?', ['My sister is based in Zorvanek.']],
    // The wh-word the subject of what is done to the user.
    ['Which company employs me?', ['Zorvanek employs me.']],
    ['Who hired me?', ['Zorvanek hired me.']],
    ['Which animal lives with me?', ['Zorvanek lives with me.']],
    // A terse question names what of the user's it asks.
    ['Job?', ['My job is Zorvanek.']],
    ['Current city?', ['My current city is Zorvanek.']],
    // A preposition before the wh-word is the verb's, read after it.
    ['In which city was I born?', ['I was born in Zorvanek.']],
    ['For whom do I work?', ['I work for Zorvanek.']],
    ['At what company do I work?', ['I work at Zorvanek.']],
    // The name of a thing of the user's is asked as the thing.
    ['What is the name of my workplace?', ['My workplace is Zorvanek.']],
    ["What's the name of my dog?", ['My dog is Zorvanek.']],
    // "How" asks the means or the manner of what the user does.
    ['How do I get to work?', ['I get to work by Zorvanek.', 'I get to work Zorvanek.']],
    ['How did I commute?', ['I commuted by Zorvanek.', 'I commuted Zorvanek.']],
  ])('turns %j into the statement that would answer it', (question, statements) => {
    expect(answeringStatements(question).map((s) => s.statement)).toEqual(statements);
  });

  it.each([
    'What does Kofi like?',
    'What did Caroline research?',
    'Which company pays my salary?',
    'How old am I?',
    'How many kids do I have?',
    'How is my mother?',
    'Is there anything I can’t eat?',
    'which topics is I’m the One That I Want about',
    'I live in Porto.',
    // An auxiliary before "me": the verb's object is asked, of someone else.
    'What does Ana call me?',
    // Terse, but a verb or a sentence's grammar: no thing of the user's named.
    'Cook?',
    'Job.',
    'And you?',
  ])('turns %j, which is no first-person wh-question with an answer to place, into nothing', (question) => {
    expect(answeringStatements(question)).toEqual([]);
  });

  it.each([
    ['Where did I grow up?', 'is_from', ['grow', 'up']],
    ['Which sport do I play?', 'plays', ['play']],
    ['Who am I married to?', 'married_to', ['married', 'to']],
    ["What's my favourite meal?", 'likes', ['favourite', 'meal']],
    ['Where do I live?', 'lives_in', ['live']],
    ['What do I do for a living?', 'works_as', ['do', 'for', 'a', 'living']],
    ["What's my job?", 'works_as', ['job']],
    ['Who is my employer?', 'works_at', ['employer']],
    ['What is my hometown?', 'is_from', ['hometown']],
    ["What's my cat named?", 'cat', ['cat', 'named']],
    // A place of the user's is itself the place asked where: "My home town is X."
    ['Where is my home town?', 'is_from', ['home', 'town']],
    // …only where no place in or at it is read ("My job is at …", not "My job is …": a role).
    ['Where is my job?', 'works_at', ['job']],
    ['Which business employs me?', 'works_at', ['employs', 'me']],
    // A place asked "in" that no rule reads is asked "at" ("I am employed at …").
    ['Where am I employed?', 'works_at', ['employed']],
    // …only then: the reading "in" gives is kept.
    ['Where do I work?', 'works_in', ['work']],
    ['Birthplace?', 'is_from', ['birthplace']],
    ['Favourite food?', 'likes', ['favourite', 'food']],
    ['In which city was I born?', 'is_from', ['born', 'in']],
    ['Where was I brought up?', 'is_from', ['brought', 'up']],
    ['What is the name of my workplace?', 'works_at', ['workplace']],
    // The means or the manner asked "how", as the extractor reads them.
    ['How do I get to work?', 'commutes_by', ['get', 'to', 'work']],
    ['How do I commute?', 'commutes_by', ['commute']],
    ['How do I take my coffee?', 'takes_coffee', ['take', 'my', 'coffee']],
    // A modal verb is kept in the answering statement ("I can't eat Zorvanek.").
    ["What can't I eat?", 'cannot_eat', ['eat']],
    ['What can I not eat?', 'cannot_eat', ['not', 'eat']],
    ['What foods should I avoid?', 'avoids', ['avoid']],
  ])('reads %j as asking %s, by the words %j', (question, key, words) => {
    expect(askedRelations(question).map(({ key, words }) => ({ key, words }))).toEqual([{ key, words }]);
  });

  it.each([
    ['What does my wife do for a living?', 'works_as', ['do', 'for', 'a', 'living']],
    ['Which city is my brother based in?', 'lives_in', ['based', 'in']],
    ['What does my friend enjoy eating?', 'likes', ['enjoy', 'eating']],
    ['What sport does my best friend play?', 'plays', ['play']],
  ])(
    'reads %j as asking of them what the first person asks of the user: %s, by %j',
    (question, key, words) => {
      expect(askedRelations(question).map(({ key, words }) => ({ key, words }))).toEqual([{ key, words }]);
    },
  );

  it('says which words of the question are a set phrase said after the answer, and that they name nothing', () => {
    expect(askedRelations('What do I do for a living?')).toEqual([
      { key: 'works_as', words: ['do', 'for', 'a', 'living'], idiom: ['for', 'a', 'living'] },
    ]);
    expect(askedRelations('Where do I live?')).toEqual([{ key: 'lives_in', words: ['live'], idiom: [] }]);
    // After a verb that is the key read, the phrase only says what for: its words name as ever.
    expect(askedRelations('What address do I use for mail on the internet?')[0]?.idiom).toEqual([]);
    // Not in the user's memory, the relation asked is none of its keys, and "living" names no home.
    expect(
      withAskedRelations('What do I do for a living?', tokenize('What do I do for a living?'), ['lives_in']),
    ).toEqual({
      words: ['what', 'do', 'i', 'do', 'the', 'the', 'the'],
      asked: [],
      idiom: ['for', 'a', 'living'],
      unheld: ['works_as'],
      phrasal: [],
    });
  });

  it('reads a phrasal verb as one verb: its words name no relation apart, unless a key spells them', () => {
    const question = 'Where do I work out?';
    expect(withAskedRelations(question, tokenize(question), ['fitness_club', 'travels_to_work_by'])).toEqual({
      words: ['where', 'do', 'i', 'the', 'the'],
      asked: [],
      idiom: ['work', 'out'],
      // Asked as the extractor reads "I work out at …", a key the user does not hold.
      unheld: ['works_out_at'],
      phrasal: ['work', 'out'],
    });
    // A key written with the verb and its particle is named by them as ever (one the question
    // asks stands for them: `works_out_at`).
    expect(withAskedRelations(question, tokenize(question), ['works_out_with']).words).toEqual([
      'where',
      'do',
      'i',
      'work',
      'out',
    ]);
  });

  it('reads a "be" question about someone of the user\'s so only when a preposition ends it', () => {
    expect(answeringStatements('Which city is my brother based in?').map((s) => s.statement)).toEqual([
      'I am based in Zorvanek.',
    ]);
    // "What's my dog called?" asks the dog's name, not what the user is called.
    expect(answeringStatements("What's my dog called?").map((s) => s.statement)).toEqual([
      'My dog is called Zorvanek.',
    ]);
  });

  it('reads nothing where the extractor reads no fact of the user', () => {
    expect(askedRelations('What do I think about it?')).toEqual([]);
    expect(askedRelations('What does Kofi like?')).toEqual([]);
    // What one wears is a fact the extractor keeps ("I wear a suit to work").
    expect(askedRelations('What do I wear to work?').map((r) => r.key)).toEqual(['wears']);
  });

  it('reads a habit the extractor keeps ("I eat sushi" → eats; "I eat sushi for breakfast" → breakfast)', () => {
    expect(askedRelations('What do I eat for breakfast?').map((r) => r.key)).toEqual(['eats', 'breakfast']);
  });
});

describe('the asked relation among the question’s words', () => {
  it('stands in place of the words that asked it, when the user has that relation', () => {
    const tokens = ['where', 'did', 'i', 'grow', 'up'];
    const read = withAskedRelations('Where did I grow up?', tokens, ['is_from', 'works_as', 'lives_in']);
    expect(read).toEqual({
      words: ['where', 'did', 'i', askedToken(['is_from']), 'the'],
      asked: ['is_from'],
      idiom: [],
      unheld: [],
      phrasal: [],
    });
  });

  it('asks the relation as the extractor writes it by other verbs too (its siblings), never a key of other function words', () => {
    const question = "What's my favourite meal?";
    const read = withAskedRelations(question, tokenize(question), ['likes', 'loves', 'plays', 'works_at']);
    // Walked as surely; the answer fit reads only the key asked as asked, so it wins a tie.
    expect(read.asked).toEqual(['likes']);
    expect(read.words).toContain(askedToken(['likes', 'loves']));
    // "work" and "play" share only a definition's word: no siblings. Nor are keys of one word.
    const job = 'What do I do for a living?';
    expect(withAskedRelations(job, tokenize(job), ['works_as', 'works_at', 'plays']).asked).toEqual([
      'works_as',
    ]);
  });

  it('leaves the words alone when the user has no such relation, and says which it asked', () => {
    const tokens = ['where', 'was', 'i', 'born'];
    expect(withAskedRelations('Where was I born?', tokens, ['works_as'])).toEqual({
      words: tokens,
      asked: [],
      idiom: [],
      unheld: ['is_from'],
      phrasal: [],
    });
    // A phrasal verb stays one verb all the same ("grow up" is no growing of anything).
    expect(
      withAskedRelations('Where did I grow up?', ['where', 'did', 'i', 'grow', 'up'], ['works_as']),
    ).toEqual({
      words: ['where', 'did', 'i', 'the', 'the'],
      asked: [],
      idiom: ['grow', 'up'],
      unheld: ['is_from'],
      phrasal: ['grow', 'up'],
    });
  });

  it('stands for the key a gerund right after its verb names by its stem too ("enjoy playing": likes, plays)', () => {
    const vocabulary = ['likes', 'plays', 'works_as', 'lives_in'];
    const question = 'Which sport do I enjoy playing?';
    // The extractor reads "I enjoy playing X" as the liking and the game played: both are asked.
    expect(withAskedRelations(question, tokenize(question), vocabulary)).toEqual({
      words: ['which', 'sport', 'do', 'i', askedToken(['likes', 'plays']), 'the', askedToken(['plays'])],
      asked: ['likes', 'plays'],
      idiom: [],
      unheld: [],
      phrasal: [],
    });
    const lexicon = new AskedLexicon(new StemLexicon(stem));
    expect(lexicon.score(askedToken(['likes', 'plays']), 'plays')).toBe(1);
    // "for a living" is no gerund of "do": the asked job alone, not where one lives.
    const living = 'What do I do for a living?';
    expect(withAskedRelations(living, tokenize(living), vocabulary).words).toContain(
      askedToken(['works_as']),
    );
  });

  it('names its own key as surely as a shared stem, and no other; other words are the base lexicon’s', () => {
    const lexicon = new AskedLexicon(new StemLexicon(stem));
    expect(lexicon.score(askedToken(['is_from']), 'is_from')).toBe(1);
    expect(lexicon.score(askedToken(['is_from']), 'lives_in')).toBe(0);
    expect(lexicon.score(askedToken(['likes']), 'liked')).toBe(0);
    expect(lexicon.score('living', 'lives_in')).toBe(1);
  });
});
