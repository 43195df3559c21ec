import { describe, expect, it } from 'vitest';
import { StemLexicon } from '../../src/lexicon/base.js';
import { keyWordsAsRead } from '../../src/lexicon/key-words.js';
import { WordNetLexicon } from '../../src/lexicon/wordnet-lexicon.js';
import { tokenize } from '../../src/model/normalize.js';
import { stem } from '../../src/model/text.js';
import type { RecalledFact } from '../../src/model/types.js';
import { formatContext } from '../../src/retrieve/context.js';
import { RelationMatcher } from '../../src/retrieve/relations.js';

describe('stemming', () => {
  it.each([
    ['directed', 'director'],
    ['directs', 'directed'],
    ['actors', 'actor'],
    ['starred', 'star'],
    ['years', 'year'],
    ['release', 'released'],
    ['written', 'writer'],
    ['wrote', 'screenwriter'],
    ['live', 'lives'],
    ['living', 'lived'],
    ['genres', 'genre'],
    ['languages', 'language'],
  ])('%s and %s share a stem', (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it('keeps different words apart', () => {
    expect(stem('actor')).not.toBe(stem('action'));
    expect(stem('year')).not.toBe(stem('yes'));
  });
});

describe('relation matching', () => {
  const vocabulary = ['directed_by', 'starred_actors', 'release_year', 'written_by', 'has_genre', 'likes'];
  const lexicon = new StemLexicon(stem);

  it('finds the relations a question names, outside the names it mentions', () => {
    const relations = new RelationMatcher(
      tokenize('which movies did Christopher Nolan direct?'),
      [],
      vocabulary,
      lexicon,
    );
    expect(relations.relevantKeys).toEqual(['directed_by']);
    expect([...relations.matched('directed_by')]).toEqual(['direct']);
    expect(relations.matched('starred_actors').size).toBe(0);
    const years = new RelationMatcher(
      tokenize('what were the release years of the films written by Patrice Chéreau'),
      ['patrice', 'chéreau'],
      vocabulary,
      lexicon,
    );
    expect([...years.relevantKeys].sort()).toEqual(['release_year', 'written_by']);
    expect(years.target.size).toBe(3);
    // What names no relation is kept, once each, in question order, names and function words left out.
    expect(relations.unread).toEqual(['movies', 'christopher', 'nolan']);
    expect(years.unread).toEqual(['films']);
  });

  it('reads "when" and "where" as the type of the answer, through the predicate head word in WordNet', () => {
    const wordnet = new WordNetLexicon();
    expect(wordnet.score('when', 'release_year')).toBeGreaterThanOrEqual(0.85);
    expect(wordnet.score('when', 'birth_date')).toBeGreaterThanOrEqual(0.85);
    expect(wordnet.score('when', 'directed_by')).toBe(0);
    expect(wordnet.score('when', 'second_author')).toBe(0);
    expect(wordnet.score('where', 'birth_place')).toBeGreaterThanOrEqual(0.85);
    expect(wordnet.score('where', 'has_genre')).toBe(0);
    // A reworded verb the lexicon cannot place ("premiere") still leaves the time asked for.
    const relations = new RelationMatcher(
      tokenize('when did the films penned by Anne Fine premiere'),
      ['anne', 'fine'],
      vocabulary,
      wordnet,
    );
    expect(relations.relevantKeys).toContain('release_year');
    expect(relations.relevantKeys).toContain('written_by');
  });

  it('leaves words of linked names out of the relation words', () => {
    const relations = new RelationMatcher(
      tokenize('what does Year Zero like'),
      ['year', 'zero'],
      vocabulary,
      lexicon,
    );
    expect(relations.relevantKeys).toEqual(['likes']);
    expect(relations.isRelationWord('year')).toBe(false);
  });
});

describe('relation matching by meaning (WordNet, offline)', () => {
  const vocabulary = [
    'directed_by',
    'starred_actors',
    'release_year',
    'written_by',
    'has_genre',
    'in_language',
  ];
  const lexicon = new WordNetLexicon();
  const keysOf = (question: string) =>
    [...new RelationMatcher(tokenize(question), [], vocabulary, lexicon).relevantKeys].sort();

  it.each([
    ['who penned the screenplay', ['written_by']],
    ['which performers appeared in it', ['starred_actors']],
    ['what tongue is it in', ['in_language']],
    ['who was the scribe', ['written_by']],
  ])('"%s" names %j through synonyms, derivations and hypernyms', (question, keys) => {
    expect(keysOf(question)).toEqual(expect.arrayContaining(keys));
  });

  it.each([
    // "helm" shares a rare sense of direct (steer): still read, as a match one link apart.
    ['who helmed it', 'directed_by', 0.7],
    ['who directed it', 'directed_by', 1],
    ['who penned it', 'written_by', 0.9],
  ])('"%s" names %s with the sureness of the sense it shares (%d)', (question, key, weight) => {
    const relations = new RelationMatcher(tokenize(question), [], vocabulary, lexicon);
    expect([...relations.relevantKeys]).toEqual([key]);
    expect(relations.mentions.map((m) => m.weight)).toEqual([weight]);
  });

  it('reads a predicate word in its usual senses, so a word sharing only a rare one names nothing for sure', () => {
    const personal = ['works_at', 'works_as', 'likes', 'lives_in', 'friend'];
    const read = (question: string) =>
      new RelationMatcher(tokenize(question), ['kofi'], personal, lexicon).mentions.map((m) => [
        m.id,
        [...m.keys].sort(),
        m.weight,
      ]);
    // "go" and work share only work's sense of running (a machine works): one link apart at most,
    // and a loose reading of two keys at once names neither.
    expect(lexicon.score('go', 'works_at')).toBe(0.7);
    expect(read('What food does Kofi go for?')).toEqual([]);
    expect(read('Where does Kofi work?')).toEqual([['work', ['works_as', 'works_at'], 1]]);
  });

  it.each([
    // "husband" is "a married man", "wife" "a married woman": compounds among their own synonyms.
    ['Who is my husband?', 'husband', ['married_to'], 0.85],
    ['Who is my wife?', 'wife', ['married_to'], 0.85],
    // "partner" is first a spouse, which WordNet also calls a "married person".
    ['Who is my partner?', 'partner', ['married_to'], 0.85],
    // "email" is "electronic mail": the compound is built on the question's word, as its head (a
    // kind of mail), which says less than a word that modifies it.
    ['Where do I get mail online?', 'mail', ['email'], 0.6],
    // A job is a "line of work", which both work predicates name alike.
    ['What is my job?', 'job', ['works_as', 'works_at'], 0.85],
    // "profession" is not a line of work itself: the kind above it is, a looser reading that
    // names neither of two keys it reads alike.
    ['What is my profession?', 'profession', [], undefined],
  ])(
    '"%s": "%s" names %j through a compound of one word built on the other',
    (question, word, keys, weight) => {
      const personal = ['married_to', 'email', 'lives_in', 'works_at', 'works_as', 'sister', 'friend'];
      const relations = new RelationMatcher(tokenize(question), [], personal, lexicon);
      const mention = relations.mentions.find((m) => m.id === stem(word));
      expect([...(mention?.keys ?? [])].sort()).toEqual(keys);
      // As sure as a derived word when the compound is one of the word's own synonyms and the other
      // word modifies its head.
      expect(mention?.weight).toBe(weight);
    },
  );

  it('reads a predicate word the key follows with a function word as a verb ("lives" in `lives_in` is not the plural of "life")', () => {
    expect(keyWordsAsRead('lives_in')).toEqual(['live']);
    // A word that is a noun as written, or shares its verb's lemma, stays as it is.
    expect(keyWordsAsRead('married_to')).toEqual(['married']);
    expect(keyWordsAsRead('works_at')).toEqual(['works']);
    expect(keyWordsAsRead('release_year')).toEqual(['release', 'year']);
    // A career is a "life history", which says nothing of where one lives.
    const personal = ['lives_in', 'works_at', 'works_as', 'married_to'];
    const read = (question: string) =>
      new RelationMatcher(tokenize(question), [], personal, lexicon).mentions.map((m) => [m.id, [...m.keys]]);
    expect(lexicon.usualScore('career', 'lives_in')).toBe(0);
    expect(read('What is my career?')).toEqual([]);
    expect(read('Where do I live?')).toEqual([['liv', ['lives_in']]]);
  });

  it('reads the head of a compound synonym only loosely ("people": a partner is a married _person_, as anyone is a person)', () => {
    const personal = ['partner', 'birthday', 'works_as', 'lives_in'];
    expect(lexicon.usualScore('people', 'partner')).toBe(0.6);
    const relations = new RelationMatcher(
      tokenize('When should people send me a card?'),
      [],
      personal,
      lexicon,
    );
    expect(relations.mentions.map((m) => [...m.keys])).toEqual([['birthday']]);
  });

  it('reads a word whose definition names the kind above a predicate\'s word ("pet": a domesticated animal, as a dog is)', () => {
    const personal = ['has_dog', 'married_to', 'lives_in', 'works_at', 'sister', 'friend'];
    const relations = new RelationMatcher(tokenize('What is my pet called?'), [], personal, lexicon);
    expect(relations.mentions.map((m) => [m.id, [...m.keys], m.weight])).toEqual([['pet', ['has_dog'], 0.6]]);
    // Only in the question word's usual sense: a "term" is a period of time (as a year is) only
    // in its second, so "what terms are applicable to X" names no year.
    const movies = [...vocabulary, 'has_tags'];
    expect(
      new RelationMatcher(tokenize('what terms are applicable to it'), [], movies, lexicon).mentions,
    ).toEqual([]);
  });

  it('reads a loose word that names several keys alike as the one its usual sense names', () => {
    const personal = ['married_to', 'works_at', 'works_as', 'lives_in', 'friend'];
    const read = (question: string) =>
      new RelationMatcher(tokenize(question), [], personal, lexicon).mentions.map((m) => [
        m.id,
        [...m.keys],
        m.weight,
      ]);
    // "partner" is first a spouse (a "married person"); only as a member of a partnership, a
    // rarer sense, is it one link from work.
    expect(lexicon.score('partner', 'works_at')).toBe(0.7);
    expect(lexicon.usualScore('partner', 'works_at')).toBe(0);
    expect(lexicon.usualScore('partner', 'married_to')).toBe(0.85);
    expect(read('Who is my partner?')).toEqual([['partn', ['married_to'], 0.85]]);
    // A word whose usual sense names none of the keys it loosely reads still names none.
    expect(read('What food does Kofi go for?')).toEqual([]);
    // Nor does one whose usual sense is only two links from one of them ("tell" and "name").
    const profile = ['name', 'friend', 'lives_in'];
    expect(lexicon.usualScore('tell', 'name')).toBe(0.5);
    expect(new RelationMatcher(tokenize('Tell me about her'), [], profile, lexicon).mentions).toEqual([]);
  });

  it.each([
    // "person" in its usual sense is one link from an actor, "words" from a language: the kind
    // of the answer, not a relation, so only the question's other words name one.
    ['which person directed it', ['direct']],
    ['which words describe it', ['describ']],
  ])(
    '"%s": a loose word naming the answer\'s kind chooses no relation by its usual sense',
    (question, ids) => {
      const movies = [...vocabulary, 'has_tags'];
      const relations = new RelationMatcher(tokenize(question), [], movies, lexicon);
      expect(relations.mentions.map((m) => m.id)).toEqual(ids);
      expect(relations.inferHops(2)).toBe(2);
    },
  );

  it('counts the hops a question asks for from the relations it names', () => {
    const hops = (question: string) =>
      new RelationMatcher(tokenize(question), [], vocabulary, lexicon).inferHops(2);
    // One relation: walked there, and back once for "films that share directors with it".
    expect(hops('who directed it')).toBe(2);
    expect(hops('what year was it released')).toBe(2);
    expect(hops('who directed the films written by the writer of it')).toBe(3);
    expect(hops('the release years of films directed by the director of it')).toBe(3);
    expect(hops('and what about it')).toBe(2);
  });
});

describe('context block', () => {
  const fact = (statement: string, validTo: Date | null = null): RecalledFact => ({
    uid: statement,
    subject: 's',
    subjectUid: 's',
    predicate: 'p',
    object: 'o',
    objectUid: 'o',
    statement,
    score: 1,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validTo,
    episodeIds: [],
    hops: 1,
    signals: ['graph'],
  });

  it('lists facts best first within the budget', () => {
    const facts = Array.from({ length: 100 }, (_, i) => fact(`Fact number ${i} is quite a long statement`));
    const text = formatContext(facts, [], { maxChars: 900 });
    expect(text.length).toBeLessThanOrEqual(900);
    expect(text.startsWith('Relevant facts from memory:\n- Fact number 0 ')).toBe(true);
    expect(formatContext([], [], { maxChars: 900 })).toBe('');
    expect(formatContext(facts, [], { maxChars: 10 })).toBe('');
  });

  it('says when a historical fact stopped being true', () => {
    const text = formatContext([fact('User lives in Paris', new Date('2026-06-01T00:00:00Z'))], [], {
      maxChars: 900,
      includeHistory: true,
    });
    expect(text).toContain('User lives in Paris (2026-01-01 to 2026-06-01, no longer true)');
  });

  it('says what was true at the date asked, not that it is no longer true', () => {
    const moved = fact('User lives in Paris', new Date('2026-06-01T00:00:00Z'));
    const asOf = new Date('2026-03-01T00:00:00Z');
    const text = formatContext([moved, fact('User works at Acme')], [], { maxChars: 900, asOf });
    expect(text).toContain('Relevant facts from memory, as of 2026-03-01:');
    expect(text).toContain('User lives in Paris (true then: from 2026-01-01 until 2026-06-01)');
    expect(text).toContain('User works at Acme (true then: since 2026-01-01)');
    expect(text).not.toContain('no longer true');
  });

  it('quotes the best turns after the facts, within the budget', () => {
    const turn = (i: number) => ({
      uid: `ep${i}`,
      threadId: 'session_1',
      at: new Date('2023-05-08T13:56:00Z'),
      excerpt: `user: I went to a support group number ${i} yesterday`,
      score: 1,
      signals: ['episode-text' as const],
    });
    const facts = Array.from({ length: 30 }, (_, i) => fact(`Fact number ${i} is quite a long statement`));
    const text = formatContext(facts, [turn(1), turn(2)], { maxChars: 900 });
    expect(text.length).toBeLessThanOrEqual(900);
    expect(text).toContain(
      'Relevant conversation turns:\n- [2023-05-08, session_1] user: I went to a support group number 1',
    );
    expect(text.indexOf('Fact number 0')).toBeLessThan(text.indexOf('Relevant conversation turns'));
    expect(formatContext([], [turn(1)], { maxChars: 900 }).startsWith('Relevant conversation turns:')).toBe(
      true,
    );
  });
});
