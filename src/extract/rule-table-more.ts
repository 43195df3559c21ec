import { namesKindInSenses, nounAtLeastAsOftenAs, onlyDescribes, readingsOf } from '../lexicon/kinds.js';
import { sharedWordNet } from '../lexicon/relatedness.js';
import { HABIT_ADVERB, I_AM, NAME, PRONOUNS } from './rule-patterns.js';
import type { Rule } from './rule-table.js';
import { FOOD_KINDS, lowerCommonNoun } from './rule-table-said.js';
import { clean, objects, triple } from './rule-words.js';

/** The verbs of a habit kept by a rule below, and the predicates they give ("drink" → `drinks`). */
const HABIT_VERBS = ['drink', 'eat', 'order'] as const;

/** The predicates of what one habitually eats, drinks or orders (`drinks`, …). */
export const HABIT_PREDICATES: ReadonlySet<string> = new Set(HABIT_VERBS.map((verb) => `${verb}s`));

/**
 * Everyday facts said in other common ways, tried after the rule table's own: liking as being a
 * fan or "into" something, an allergy named before the word ("a peanut allergy"), an engagement,
 * a birthplace, and a favourite of any kind ("My favourite band is Radiohead" → `favourite_band`,
 * the relation a question "What's my favourite band?" is read as), what one habitually eats,
 * drinks or orders, what one wants to learn, and a team one roots for.
 */
export const MORE_RULES: Rule[] = [
  {
    pattern: new RegExp(
      `^${I_AM}\\s+(?:(?:a|an)\\s+)?(?:(?:big|huge|massive|great|real|long-time)\\s+)?fan\\s+of\\s+(.+)$|^${I_AM}\\s+(?:(?:really|very|so|totally)\\s+)?into\\s+(.+)$`,
      'u',
    ),
    build: (m) => objects(m[1] ?? m[2]).map((o) => triple('user', 'likes', o, 'person', '')),
  },
  {
    // "I have a peanut allergy", "I've got a severe shellfish allergy": the word before "allergy"
    // names what, unless it only describes it ("a severe allergy").
    pattern: /^[Ii](?:\s+have|'ve\s+got|\s+have\s+got)\s+an?\s+(?:\p{Ll}+\s+)?(\p{Ll}+)\s+allergy$/u,
    build: (m) =>
      onlyDescribes(m[1] ?? '') ? [] : [triple('user', 'is_allergic_to', clean(m[1]), 'person', '')],
  },
  {
    nameFirst: true,
    pattern: new RegExp(
      `^(?:I|i)(?:'m|\\s+am|\\s+(?:just\\s+)?got|'ve\\s+(?:just\\s+)?got)\\s+engaged\\s+to\\s+(${NAME})(?:\\s+(?:last|this)\\s+\\p{Ll}+)?$|^(\\p{Lu}[\\p{L}'-]*)\\s+and\\s+I\\s+(?:got|are|just\\s+got)\\s+engaged\\b`,
      'u',
    ),
    build: (m) => [triple('user', 'engaged_to', clean(m[1] ?? m[2]), 'person', 'person')],
  },
  {
    // A place, not a year ("I was born in 1990" says when).
    nameFirst: true,
    pattern: /^(?:I|i)\s+was\s+born\s+in\s+(\p{Lu}.*)$/u,
    build: (m) => [triple('user', 'is_from', clean(m[1]), 'person', 'place')],
  },
  {
    pattern: /^my\s+(?:absolute\s+|all-time\s+)?favou?rite\s+(\p{Ll}+(?:\s+\p{Ll}+)?)\s+is\s+(.+)$/u,
    build: (m) =>
      objects(m[2]).map((o) =>
        triple('user', `favourite_${(m[1] ?? '').replace(/\s+/g, '_')}`, o, 'person', ''),
      ),
  },
  {
    // "I have porridge for breakfast", "I usually eat a salad for lunch": what one has at a meal,
    // kept under the meal's name (`breakfast`), the thing as said.
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}(?:have|eat|drink|get)\\s+(?!(?:a\\s+lot|lots|loads|nothing|something|anything)\\b)(?:an?\\s+|some\\s+)?(.+?)\\s+for\\s+(breakfast|brunch|lunch|dinner|supper)$`,
      'u',
    ),
    build: (m) =>
      objects(m[1])
        .filter(eatenOrDrunk)
        .map((o) => triple('user', m[2] ?? '', o, 'person', '')),
  },
  {
    // "I drink green tea", "I usually order a flat white": a habit, kept as its verb says it;
    // not a manner ("I eat out", "I eat healthy"), nor one's own ("I eat my lunch at my desk").
    pattern: new RegExp(
      `^i\\s+${HABIT_ADVERB}(${HABIT_VERBS.join('|')})\\s+(?!(?:a\\s+lot|lots|loads|plenty|too|way|far|so|much|more|less|out|in|well|badly|healthily|my)\\b)(?:an?\\s+)?(.+)$`,
      'u',
    ),
    build: (m) =>
      objects(m[2])
        .filter(namesAThing)
        .map((o) => triple('user', `${m[1]}s`, o, 'person', '')),
  },
  {
    // "I want to learn Japanese", "I'd love to learn the cello": a wish, not yet a skill.
    pattern:
      /^i(?:\s+want|\s+would\s+(?:like|love)|'d\s+(?:like|love)|\s+hope|\s+plan|'m\s+planning|\s+am\s+planning)\s+to\s+learn\s+(?!how\b|to\b)(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'wants_to_learn', o, 'person', '')),
  },
  {
    // "Sushi is my favourite", "The Beatles are my all-time favourites": liked, its kind unsaid.
    nameFirst: true,
    pattern: new RegExp(
      `^(?!(?:${PRONOUNS}|My|Our|His|Her|Their|Your)\\b)(\\p{Lu}[\\p{L}'-]*(?:\\s+[\\p{L}'-]+){0,3})\\s+(?:is|are)\\s+my\\s+(?:absolute\\s+|all-time\\s+|total\\s+)?favou?rites?$`,
      'u',
    ),
    // "The" before a capital says a name ("The Beatles"), kept as written.
    build: (m) => {
      const liked = clean(m[1]);
      return [
        triple('user', 'likes', /^the\s/i.test(m[1] ?? '') ? liked : lowerCommonNoun(liked), 'person', ''),
      ];
    },
  },
  {
    // "I root for the Lakers", "I cheer for Benfica": a team followed, a liking as "I support" is.
    pattern: /^i\s+(?:always\s+)?(?:root|cheer)\s+for\s+(.+)$/u,
    build: (m) => objects(m[1]).map((o) => triple('user', 'likes', o, 'person', '')),
  },
];

/** A thing named, not a manner: a name, several words, or one word not mostly an adjective ("healthy"). */
/**
 * Whether what is said to be had at a meal is something eaten or drunk: its last word a food or a
 * drink to WordNet in any sense, or a word it does not know ("shakshuka"); not "a meeting".
 */
function eatenOrDrunk(said: string): boolean {
  const last = (said.split(/\s+/).at(-1) ?? '').toLowerCase();
  return readingsOf(last).length === 0 || namesKindInSenses(last, Number.POSITIVE_INFINITY, FOOD_KINDS);
}

function namesAThing(said: string): boolean {
  if (/^[\p{Lu}\d]/u.test(said) || /\s/.test(said)) return true;
  const word = said.toLowerCase();
  const wordnet = sharedWordNet();
  const known = wordnet.lemmas(word, 'adj').length + wordnet.lemmas(word, 'adv').length;
  return known === 0 || nounAtLeastAsOftenAs(word, 'adj');
}

/**
 * How one has one's drink: "I take my coffee black", "I have my tea with honey", "I like my coffee
 * strong" (`takes_coffee`; the drink must be a beverage to WordNet: "I take my dog to the park"
 * is no such thing). Tried before any rule of liking, which would keep "my coffee strong" whole.
 */
export const DRINK_MANNER_RULE: Rule = {
  pattern: new RegExp(
    `^i\\s+${HABIT_ADVERB}(?:take|have|drink|like|order)\\s+my\\s+(\\p{Ll}+)\\s+(?!(?:at|in|on|every|each|before|after|when|while|because)\\b)((?:with\\s+|without\\s+|no\\s+)?\\p{L}[\\p{L}\\s-]*)$`,
    'u',
  ),
  build: (m) =>
    namesKindInSenses(m[1] ?? '', Number.POSITIVE_INFINITY, ['beverage'])
      ? [triple('user', `takes_${m[1]}`, clean(m[2]), 'person', '')]
      : [],
};
