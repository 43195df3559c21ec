import { keyWordsAsRead } from '../lexicon/key-words.js';
import { canDescribe, namesKindOf, nounAtLeastAsOftenAs } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { STOP_WORDS } from '../model/text.js';

// The words that open a question.
const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'how',
]);

/**
 * The question word a token is, contractions included ("whats" from "What's", "whos" from
 * "Who's": the tokenizer drops the apostrophe), or undefined.
 */
export function questionWordOf(token: string): string | undefined {
  if (QUESTION_WORDS.has(token)) return token;
  const base = token.endsWith('s') ? token.slice(0, -1) : '';
  return QUESTION_WORDS.has(base) && base !== 'how' ? base : undefined;
}

/**
 * Where a question's own question word is: its first ("What should I cook when Tomas comes
 * over?" asks "what"; its "when" starts a clause); -1 when it has none.
 *
 * @param tokens The question's words with contracted question words spelled out ({@link withQuestionWords}).
 */
export function questionWordAt(tokens: readonly string[]): number {
  return tokens.findIndex((t) => QUESTION_WORDS.has(t));
}

/** A question's words with contracted question words spelled out ("whats" → "what"). */
export function withQuestionWords(tokens: readonly string[]): string[] {
  return tokens.map((t) => questionWordOf(t) ?? t);
}

// Words that join the nouns of one answer kind ("Which team sport or game …").
const JOINERS = new Set(['or', 'and']);

/**
 * The words that say what kind of thing the answer is, when the question says it right after
 * "what" or "which": "What firm do I have a job with?" asks for a firm (the job is the relation),
 * "Which team sport or game do I take part in?" for a team sport or a game, "What kind of music
 * …" for music. Empty when the question word is another or is not followed by a noun ("What do I
 * do for a living?", "What makes me ill?": a verb).
 *
 * @param tokens The question's words, lower case, in order.
 * @param isName Whether a word belongs to a name the question links (never a kind).
 */
export function answerKindWords(tokens: readonly string[], isName: (token: string) => boolean): string[] {
  const at = questionWordAt(tokens);
  if (at < 0 || (tokens[at] !== 'what' && tokens[at] !== 'which')) return [];
  const kinds: string[] = [];
  let afterCategory = false;
  for (let i = at + 1; i < tokens.length; i++) {
    const token = tokens[i] as string;
    // After "kind of" a noun follows, however often its word is a verb ("What kind of work …").
    const noun = afterCategory ? isNoun(token) : readsAsNoun(token);
    afterCategory = false;
    if (noun && !isName(token)) {
      kinds.push(token);
      continue;
    }
    const last = kinds.at(-1);
    const next = tokens[i + 1];
    // A word that describes the kind is said before it ("What _physical_ activity …", "Which
    // _musical_ instrument …"): the noun after it is the kind.
    if (
      last === undefined &&
      next !== undefined &&
      !isName(token) &&
      !isName(next) &&
      describesOnly(token) &&
      readsAsNoun(next)
    )
      continue;
    const joins = JOINERS.has(token) && last !== undefined;
    // "kind of", "type of", "sort of": the kind is the noun that follows.
    const namesCategory = token === 'of' && last !== undefined && namesKindOf(last, 'kind', 'category');
    if (
      next !== undefined &&
      !isName(next) &&
      ((joins && readsAsNoun(next)) || (namesCategory && isNoun(next)))
    ) {
      if (namesCategory) kinds.pop();
      afterCategory = namesCategory;
      continue;
    }
    break;
  }
  return kinds;
}

// Pronouns that stand for anyone ("How can _someone_ call me?"): a question's subject, never the
// kind of answer it asks for nor the relation.
const INDEFINITE_PRONOUNS: ReadonlySet<string> = new Set([
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'everyone',
  'everybody',
]);
// The auxiliaries a question puts before its subject ("Who _do_ I root for?", "How _can_ someone …").
const AUXILIARIES: ReadonlySet<string> = new Set([
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'may',
  'might',
  'must',
]);
// The pronouns that are a question's subject after its auxiliary.
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set([
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  ...INDEFINITE_PRONOUNS,
]);

/** Whether a word is a pronoun standing for anyone ("someone", "anybody"). */
export function isIndefinitePronoun(token: string): boolean {
  return INDEFINITE_PRONOUNS.has(token);
}

/**
 * The words a question uses as its verb by where they stand, however often WordNet's tagged texts
 * read them as nouns: the word right after an auxiliary and a pronoun subject ("Who do I _root_
 * for?", "How can someone _call_ me?"). Such a word is no kind of answer: "root" names the
 * ancestors a mother is only as a noun.
 *
 * @param tokens The question's words, lower case, in order.
 */
export function verbsByPosition(tokens: readonly string[]): ReadonlySet<string> {
  const verbs = new Set<string>();
  for (let at = 2; at < tokens.length; at++)
    if (AUXILIARIES.has(tokens[at - 2] as string) && SUBJECT_PRONOUNS.has(tokens[at - 1] as string))
      verbs.add(tokens[at] as string);
  return verbs;
}

/** Whether a word is a content word WordNet knows as a noun, however seldom. */
function isNoun(token: string): boolean {
  return !STOP_WORDS.has(token) && !/^\d+$/.test(token) && sharedWordNet().lemmas(token, 'noun').length > 0;
}

/** Whether a word is a content word read as a noun at least as often as a verb in WordNet's tagged texts. */
export function readsAsNoun(token: string): boolean {
  return !STOP_WORDS.has(token) && !/^\d+$/.test(token) && nounAtLeastAsOftenAs(token, 'verb');
}

/** Whether a word is a content word read as an adjective, not as a noun ("physical", "musical"). */
function describesOnly(token: string): boolean {
  return !STOP_WORDS.has(token) && !readsAsNoun(token) && canDescribe(token);
}

/**
 * The words of a predicate key that name a thing: nouns more often than verbs or adjectives
 * (`favourite_dish`: the dish, not "favourite"; `dog_name`: the dog and the name). The first of
 * several words, written as an inflected verb, is the key's verb ("plays" in `plays_instrument`,
 * "lives" in `lives_next_to`), whatever noun shares its spelling.
 */
export function keyNouns(key: string): string[] {
  const words = keyWordsAsRead(key);
  return words.filter((word, at) => {
    if (at === 0 && words.length > 1 && isInflectedVerb(word)) return false;
    return readsAsNoun(word) && nounAtLeastAsOftenAs(word, 'adj');
  });
}

/** Whether WordNet reads a word as an inflected form of a verb ("plays", "lives"; not "dog"). */
function isInflectedVerb(word: string): boolean {
  return sharedWordNet()
    .lemmas(word, 'verb')
    .some((lemma) => lemma !== word);
}
