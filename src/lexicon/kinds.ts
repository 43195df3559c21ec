import { STOP_WORDS } from '../model/text.js';
import { sharedConceptReader } from './concepts.js';
import { sharedWordNet } from './relatedness.js';

// WordNet's lexicographer files of people ("nurse", "vegetarian", "friend") and of amounts
// ("ton", "lot", "bit").
const NOUN_PERSON = 18;
const NOUN_QUANTITY = 23;
// WordNet's lexicographer files of what one thinks, says, does or feels (noun.act, noun.cognition,
// noun.communication, noun.feeling, noun.motive): "guess", "point", "plan", "fear", "reason".
const NOUN_MENTAL = new Set([4, 9, 10, 12, 16]);

/**
 * WordNet's own classes of people at work: a person noun below one of them names an occupation
 * ("nurse" is a health professional, "plumber" a skilled worker, "architect" a creator, "programmer"
 * an engineer, "manager" an administrator, "journalist" a writer, "cashier" a financier). Others
 * name what someone is in another way ("vegetarian" is an eater, "fan" an enthusiast).
 */
const WORKING_PEOPLE = new Set([
  'worker',
  'professional',
  'skilled worker',
  'health professional',
  'practitioner',
  'businessperson',
  'employee',
  'specialist',
  'expert',
  'creator',
  'scientist',
  'educator',
  'official',
  'serviceman',
  'performer',
  'technician',
  'lawyer',
  'engineer',
  'applied scientist',
  'administrator',
  'writer',
  'financier',
]);

/** Whether a word's most frequent noun sense names a person (WordNet's noun.person). */
export function isPersonNoun(word: string): boolean {
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word.toLowerCase(), 'noun')[0];
  if (!lemma) return false;
  const [first] = wordnet.synsetIds(lemma, 'noun');
  return first !== undefined && wordnet.synset(first)?.lexFile === NOUN_PERSON;
}

/** Whether a word's most frequent noun sense is something thought, said, done or felt ("my best guess"). */
export function namesThoughtOrAct(word: string): boolean {
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word.toLowerCase(), 'noun')[0];
  if (!lemma) return false;
  const [first] = wordnet.synsetIds(lemma, 'noun');
  const lexFile = first === undefined ? undefined : wordnet.synset(first)?.lexFile;
  return lexFile !== undefined && NOUN_MENTAL.has(lexFile);
}

/** Whether a person noun names an occupation (see {@link WORKING_PEOPLE}). */
export function isOccupation(word: string): boolean {
  if (!isPersonNoun(word)) return false;
  // "scientist", "engineer": a class of working people is itself an occupation.
  if (WORKING_PEOPLE.has(word.toLowerCase())) return true;
  return sharedConceptReader()
    .ancestors(word)
    .some((ancestor) => WORKING_PEOPLE.has(ancestor));
}

/** Whether a person noun names someone enrolled to learn ("student", "pupil": WordNet's enrollees). */
export function isEnrollee(word: string): boolean {
  if (!isPersonNoun(word)) return false;
  return sharedConceptReader().ancestors(word).includes('enrollee');
}

// WordNet's kinds of people that say what they eat or drink ("vegetarian", "vegan" are eaters;
// "teetotaler" an abstainer).
const DIET_PEOPLE = new Set(['eater', 'abstainer']);

/** Whether a person noun says what someone eats or drinks (a diet: "vegetarian", "vegan"). */
export function isDietNoun(word: string): boolean {
  if (!isPersonNoun(word)) return false;
  return sharedConceptReader()
    .ancestors(word)
    .some((ancestor) => DIET_PEOPLE.has(ancestor));
}

/**
 * Whether a word names a diet: a person noun of one ("vegan", "vegetarian") or a word WordNet
 * defines by dietary law ("halal", "kosher": "conforming to dietary laws").
 */
export function namesDiet(word: string): boolean {
  if (isDietNoun(word)) return true;
  const wordnet = sharedWordNet();
  return wordnet
    .synsetsOfWord(word.toLowerCase(), Number.POSITIVE_INFINITY, true)
    .some((id) => DIETARY.test(wordnet.synset(id)?.definition ?? ''));
}

const DIETARY = /\bdiet(?:ary)?\b/;

/** Whether a phrase's last word, in its most frequent noun sense, is an amount ("a ton", "a lot"). */
export function isQuantity(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word, 'noun')[0];
  if (!lemma) return false;
  const [first] = wordnet.synsetIds(lemma, 'noun');
  return first !== undefined && wordnet.synset(first)?.lexFile === NOUN_QUANTITY;
}

// WordNet concepts above what one does for sport or exercise ("rugby", "yoga", "salsa").
const PASTIME_CONCEPTS = new Set([
  'sport',
  'athletics',
  'exercise',
  'physical exercise',
  'dance',
  'dancing',
  'martial art',
]);

/**
 * Whether a noun names a sport, an exercise or a dance: in its usual sense ("I do judo"), or as a
 * definition of it names one first ("fencing": "the art or sport of fighting with swords").
 */
export function isPastime(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  const concepts = sharedConceptReader();
  const pastime = (noun: string) =>
    PASTIME_CONCEPTS.has(noun) || concepts.ancestors(noun).some((concept) => PASTIME_CONCEPTS.has(concept));
  return pastime(word) || definitionGenera(word).some(pastime);
}

/**
 * {@link isPastime}, or a sport, an exercise or a dance in any noun sense of its last word, for
 * a phrase said as done ("I do yoga": a discipline first, a system of exercises in its second).
 */
export function mayBePastime(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  return isPastime(phrase) || namesKindInSenses(word, Number.POSITIVE_INFINITY, PASTIME_LEMMAS);
}

const PASTIME_LEMMAS = [...PASTIME_CONCEPTS].map((concept) => concept.replace(/ /g, '_'));

// Noun senses of a question word read when asking what kind of thing it names: its most frequent
// one ("sport" is an occupation only in its second sense, the athletes' who compete for pay).
const KIND_WORD_SENSES = 1;
const namedKinds = new Map<string, boolean>();

/**
 * Whether a word's most frequent noun sense is, or is a kind of, a concept one of whose lemmas is
 * among `concepts` ("job" → occupation, "firm" → organization).
 */
export function namesKindOf(word: string, ...concepts: string[]): boolean {
  return namesKindInSenses(word, KIND_WORD_SENSES, concepts);
}

/** {@link namesKindOf} in any of a word's first `senses` noun senses ("trade" is an occupation in its second). */
export function namesKindInSenses(word: string, senses: number, concepts: readonly string[]): boolean {
  const id = `${word.toLowerCase()}\u0000${senses}\u0000${concepts.join('\u0000')}`;
  const cached = namedKinds.get(id);
  if (cached !== undefined) return cached;
  const wordnet = sharedWordNet();
  const starts = wordnet
    .lemmas(word.toLowerCase(), 'noun')
    .flatMap((lemma) => wordnet.synsetIds(lemma, 'noun').slice(0, senses));
  const found = wordnet.anyAbove(starts, (synset) => synset.words.some((w) => concepts.includes(w)), true);
  if (namedKinds.size > 50_000) namedKinds.clear();
  namedKinds.set(id, found);
  return found;
}

// What follows a noun phrase's head and says more of it ("a village near Porto", "pain in my back").
const POST_MODIFIER = /\s+(?:in|near|of|on|outside)\s+/;

/** A noun phrase's head word: its last word before what follows it ("a village near Porto" → "village"). */
export function headWord(phrase: string): string {
  return (phrase.trim().toLowerCase().split(POST_MODIFIER)[0] ?? '').split(/\s+/).at(-1) ?? '';
}

// WordNet concepts a place is a kind of: a location ("town", "countryside"), a settlement
// ("village"), land or a landform ("an island", "the mountains").
const PLACE_KINDS = ['location', 'settlement', 'geological_formation', 'land'];

/** Whether a phrase's head names a place in its usual sense ("the countryside", "a village near Porto"; not "work"). */
export function namesPlace(phrase: string): boolean {
  const head = headWord(phrase);
  return head.length > 0 && namesKindOf(head, ...PLACE_KINDS);
}

// WordNet concepts a health condition is a kind of ("type 1 diabetes", "asthma", "a migraine").
const CONDITION_KINDS = [
  'disease',
  'illness',
  'disorder',
  'ill_health',
  'medical_condition',
  'pathology',
  'symptom',
];

/** Whether a phrase's head names a health condition in its usual sense ("type 1 diabetes", "a cold"). */
export function namesCondition(phrase: string): boolean {
  const head = headWord(phrase);
  return head.length > 0 && namesKindOf(head, ...CONDITION_KINDS);
}

/**
 * Whether a question word asks for an occupation ("job", "profession", "career"), or the people
 * who follow one (a profession's first sense):
 * WordNet names occupations by the people who follow them, so such a question is answered by a
 * person noun of {@link isOccupation} ("What's my profession?" — a plumber). `senses`: the word's
 * noun senses read, its most frequent only unless told ("trade" and "work" name occupations in
 * their second and third).
 */
export function asksForOccupation(word: string, senses = KIND_WORD_SENSES): boolean {
  return namesKindInSenses(word, senses, OCCUPATION_KINDS);
}

/**
 * How many of a word's first noun senses are its usual ones: the first, and each next one WordNet's
 * sense-tagged texts use as often as the first ("trade": commerce and the occupation, 16 uses
 * each; "sport": the game only, the athletes' paid occupation being used about half as often).
 */
export function usualNounSenses(word: string): number {
  const wordnet = sharedWordNet();
  const [lemma] = wordnet.lemmas(word.toLowerCase(), 'noun');
  if (!lemma) return KIND_WORD_SENSES;
  const counts = wordnet.senseTagCounts(lemma, 'noun');
  const first = counts[0] ?? 0;
  if (first === 0) return KIND_WORD_SENSES;
  let usual = KIND_WORD_SENSES;
  while ((counts[usual] ?? 0) >= first) usual++;
  return usual;
}

// WordNet's concepts of an occupation and of the people who follow one.
const OCCUPATION_KINDS = ['line_of_work', 'occupational_group'];

/**
 * Whether a question word asks for an organization ("company", "firm", "institution"): WordNet
 * knows few of them by name, so a name it does not know can be one.
 */
export function asksForOrganization(word: string): boolean {
  return namesKindOf(word, 'organization');
}

/**
 * Whether a word only describes: WordNet knows it, and only as an adjective or adverb, in any of
 * its readings ("tiny", "loud", "more"; not "fine", which is also a penalty, nor "vegan").
 */
export function onlyDescribes(word: string): boolean {
  const readings = readingsOf(word);
  return readings.length > 0 && readings.every((id) => DESCRIBING_POS.test(id));
}

/**
 * Whether WordNet reads a word as an adjective in any of its readings ("boring", "great"; not
 * "pilot" nor "nursing"), whatever else it may also be. `readings`: the word's
 * {@link readingsOf}, when the caller has them already.
 */
export function canDescribe(word: string, readings: readonly string[] = readingsOf(word)): boolean {
  return readings.some((id) => ADJECTIVE_POS.test(id));
}

/** The synset ids of every WordNet reading of a word, any part of speech, its inflections included. */
export function readingsOf(word: string): string[] {
  return sharedWordNet().synsetsOfWord(word.toLowerCase(), Number.POSITIVE_INFINITY, true);
}

// Synset ids of adjectives (`a`, satellites `s`) and adverbs (`r`).
const DESCRIBING_POS = /^[asr]/;

// Synset ids of adjectives (`a`, satellites `s`).
const ADJECTIVE_POS = /^[as]/;

// WordNet's lexicographer file of relational adjectives ("Brazilian", "Irish", "musical").
const ADJECTIVE_PERTAINYM = 1;

/** What a relational adjective pertains to: a place or a people's land, a religion, or something else. */
export type RelationalKind = 'place' | 'religion' | 'other';

// Concepts above a place a nationality or origin pertains to ("Brazil", "Texas", "Europe", "Ireland").
const PLACE_CONCEPTS = ['location', 'land'];
// Concepts above a faith a religious adjective pertains to ("Buddhism", "Catholicism", the Mormon church).
const RELIGION_CONCEPTS = ['religion', 'religious person', 'religious group', 'denomination'];

/**
 * What a single word is, in its first adjective sense, as a relational adjective (WordNet's
 * adj.pert), by the noun it pertains to: a place ("Brazilian", "Irish", "Texan"), a religion
 * ("Buddhist", "Catholic", "Muslim"), or something else ("Jewish" pertains to a people,
 * "musical" to music); undefined when it is not one. Names ("Ana", "Victoria") are none, and
 * "Frank" or "Sunny" are descriptive adjectives, not relational ones.
 */
export function relationalAdjectiveKind(word: string): RelationalKind | undefined {
  if (/\s/.test(word.trim())) return undefined;
  const nouns = pertainedNouns(word);
  if (!nouns) return undefined;
  const wordnet = sharedWordNet();
  const above = (concepts: readonly string[]) =>
    wordnet.anyAbove(nouns, (s) => s.words.some((w) => concepts.includes(w.replace(/_/g, ' '))), true);
  if (above(PLACE_CONCEPTS)) return 'place';
  if (above(RELIGION_CONCEPTS)) return 'religion';
  return 'other';
}

/**
 * The condition a relational adjective says one has, by the noun it pertains to ("diabetic" →
 * "diabetes", "epileptic" → "epilepsy", "dyslexic" → "dyslexia"); undefined for any other word.
 */
export function conditionOf(adjective: string): string | undefined {
  const wordnet = sharedWordNet();
  for (const target of pertainedNouns(adjective) ?? []) {
    const noun = wordnet.synset(target)?.words[0];
    if (noun && namesCondition(noun.replace(/_/g, ' '))) return noun.replace(/_/g, ' ');
  }
  return undefined;
}

/**
 * The synset ids of the nouns a word's first adjective sense pertains to, when that sense is a
 * relational adjective ("diabetic" → diabetes, "Brazilian" → Brazil); undefined otherwise.
 */
function pertainedNouns(word: string): string[] | undefined {
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word.trim().toLowerCase(), 'adj')[0];
  const [first] = lemma ? wordnet.synsetIds(lemma, 'adj') : [];
  const synset = first === undefined ? undefined : wordnet.synset(first);
  if (synset?.lexFile !== ADJECTIVE_PERTAINYM) return undefined;
  return synset.pointers.filter((p) => p.symbol === '\\').map((p) => p.target);
}

/**
 * Whether a phrase's last word names a medicine in its usual sense ("metformin",
 * "antidepressants"), or a hormone taken as one ("insulin", "melatonin").
 */
export function namesMedicine(phrase: string): boolean {
  const word = phrase.trim().toLowerCase().split(/\s+/).at(-1) ?? '';
  return word.length > 0 && namesKindOf(word, 'drug', 'medicine', 'medication', 'medicament', 'hormone');
}

/**
 * The noun an adverb pertains to through the adjective it derives from, in its first sense
 * ("professionally" → professional → "profession"); undefined for any other word ("recently":
 * "recent" pertains to no noun).
 */
export function adverbNoun(word: string): string | undefined {
  const wordnet = sharedWordNet();
  const lemma = wordnet.lemmas(word.trim().toLowerCase(), 'adv')[0];
  const [first] = lemma ? wordnet.synsetIds(lemma, 'adv') : [];
  const adverb = first === undefined ? undefined : wordnet.synset(first);
  for (const derived of adverb?.pointers.filter((p) => p.symbol === '\\') ?? []) {
    const adjective = wordnet.synset(derived.target);
    for (const pertained of adjective?.pointers.filter((p) => p.symbol === '\\') ?? []) {
      const noun = wordnet.synset(pertained.target)?.words[0];
      if (noun && pertained.target.startsWith('n')) return noun.replace(/_/g, ' ');
    }
  }
  return undefined;
}

// Words that end a definition's genus: what follows says how this thing differs from others of it.
const DIFFERENTIA = new Set([
  'of',
  'that',
  'which',
  'who',
  'for',
  'in',
  'with',
  'used',
  'to',
  'by',
  'as',
  'on',
  'from',
]);
// The kinds read from definitions, by word (cleared when full).
const GENERA = new Map<string, readonly string[]>();
const GENERA_CACHE_ENTRIES = 4096;
// Words that open a definition before its genus.
const DEFINITION_OPENERS = new Set(['a', 'an', 'the', 'any', 'one', 'some']);

/**
 * The kinds a noun's definitions name first, as a dictionary defines a thing by the kind it is
 * and what sets it apart: "fencing" is "the art or sport of fighting with swords" (an art, a
 * sport), though WordNet files it under combat. Coordinated kinds are all read ("art or sport");
 * a describing word before the kind is passed over ("a domesticated animal").
 */
export function definitionGenera(word: string): readonly string[] {
  const cached = GENERA.get(word);
  if (cached) return cached;
  const wordnet = sharedWordNet();
  const genera = new Set<string>();
  for (const lemma of wordnet.lemmas(word.toLowerCase(), 'noun'))
    for (const id of wordnet.synsetIds(lemma, 'noun')) {
      const tokens = (wordnet.synset(id)?.definition ?? '').toLowerCase().split(/[\s;,()]+/);
      let at = 0;
      while (DEFINITION_OPENERS.has(tokens[at] ?? '')) at++;
      // The genus: the first noun not followed by another noun ("a _game_ played with rackets",
      // "a large stringed _instrument_"), and each noun joined to it by "or"/"and".
      for (; at < tokens.length && !DIFFERENTIA.has(tokens[at] ?? ''); at++) {
        const token = tokens[at] ?? '';
        const next = tokens[at + 1] ?? '';
        if (!isNoun(token) || isNoun(next)) continue;
        genera.add(token);
        if (next !== 'or' && next !== 'and') break;
        at++;
      }
    }
  if (GENERA.size >= GENERA_CACHE_ENTRIES) GENERA.clear();
  const read = [...genera];
  GENERA.set(word, read);
  return read;
}

/**
 * Whether a definition's word is a noun: a content word WordNet knows as one, used as a noun at
 * least as often as a describing word in its tagged texts ("large" describes an instrument).
 */
function isNoun(word: string): boolean {
  return word.length > 0 && !STOP_WORDS.has(word) && nounAtLeastAsOftenAs(word, 'adj');
}

/**
 * Whether WordNet knows `word` as a noun and its sense-tagged texts use it as one at least as
 * often as in the other part of speech ("employ" is a verb more often, "job" a noun).
 */
export function nounAtLeastAsOftenAs(word: string, other: 'verb' | 'adj'): boolean {
  const wordnet = sharedWordNet();
  const nouns = wordnet.lemmas(word, 'noun');
  if (nouns.length === 0) return false;
  const count = (pos: 'noun' | 'verb' | 'adj', lemmas: readonly string[]) =>
    lemmas.reduce((sum, lemma) => sum + wordnet.tagCounts(lemma)[pos], 0);
  return count('noun', nouns) >= count(other, wordnet.lemmas(word, other));
}
