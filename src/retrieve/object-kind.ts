import { keyWords } from '../lexicon/base.js';
import type { ConceptReader } from '../lexicon/concepts.js';
import { keyWordsAsRead } from '../lexicon/key-words.js';
import {
  asksForOccupation,
  asksForOrganization,
  definitionGenera,
  isOccupation,
  isPastime,
  isPersonNoun,
  namesKindOf,
  usualNounSenses,
} from '../lexicon/kinds.js';
import { type LexicalRelatedness, sharedWordNet } from '../lexicon/relatedness.js';
import type { Fact } from '../model/types.js';
import { readsAsNoun } from './answer-kind.js';
import { PLACE_CONCEPTS, unknownNoun } from './answer-wh.js';
import type { FitRecipe } from './recipe-types.js';

// Noun senses of an object read when asking whether it can be of the kind a question names (all:
// peanuts are food in their fifth sense, and the penalty is only for an object no sense fits).
const KIND_SENSES = Number.POSITIVE_INFINITY;

/**
 * Whether a question's kind word ("instrument", "city", "food") is a kind a fact's object is,
 * through WordNet: above its usual sense, above any sense, in a definition of it, or as a name
 * WordNet does not know for a kind usually known by name (a firm, a place). Properties of the two
 * words, cached across questions.
 */
export class ObjectKinds {
  private readonly kinds = new Map<string, number>();
  private readonly anySense = new Map<string, boolean>();

  constructor(
    private readonly recipe: FitRecipe,
    private readonly concepts: ConceptReader,
    private readonly relatedness: LexicalRelatedness,
  ) {}

  /**
   * Whether WordNet puts a kind word above the head of an object, in its usual sense or any other,
   * or, for a kind the question asks after "what" or "which" (`asked`), a definition of the head
   * names that kind or one below it first ("Which sport …": "fencing" is "the art or _sport_ of
   * fighting with swords", though WordNet files it under combat). Any other noun of a question
   * ("When should _people_ send me a card?") is too loose a kind for a definition's first noun.
   */
  isKindInWordNet(word: string, head: string, asked: boolean): boolean {
    return (
      this.kindOf(word, head) >= this.recipe.kindScore ||
      this.inAnySense(word, head) ||
      (asked && this.definesAs(word, head))
    );
  }

  /** Whether a definition of `head` names `word`, or a kind below it, first (`definitionGenera`). */
  definesAs(word: string, head: string): boolean {
    return definitionGenera(head).some(
      (genus) => genus === word || this.kindOf(word, genus) >= this.recipe.kindScore,
    );
  }

  /** `word` names a kind `head` is (a hypernym of it), or a close relative of it. */
  kindOf(word: string, head: string): number {
    const id = `${word}\u0000${head}`;
    const cached = this.kinds.get(id);
    if (cached !== undefined) return cached;
    const lemmas = new Set([word, ...sharedWordNet().lemmas(word, 'noun')].map((w) => w.replace(/_/g, ' ')));
    let score = 0;
    if (this.concepts.ancestors(head).some((a) => lemmas.has(a))) score = this.recipe.kindScore;
    // WordNet names an occupation by the person who follows it: "job" asks for a plumber, and
    // "trade" too (its occupation is as usual a sense as its commerce).
    else if (asksForOccupation(word, usualNounSenses(word)) && isOccupation(head))
      score = this.recipe.kindScore;
    // A word for a place in general ("place", "area") asks for any place: a city is a location
    // as a place is, though not a kind of "place" (WordNet's topographic point).
    else if (this.isPlace(word) && this.isPlace(head)) score = this.recipe.kindScore;
    // Exercise in general ("What do I play for exercise?", "… as a workout") asks for any sport,
    // exercise or dance: badminton is a game to WordNet, played for the exertion all the same.
    else if (namesKindOf(word, 'exercise') && isPastime(head)) score = this.recipe.kindScore;
    else {
      const related = this.relatedness.related(head, word, this.recipe.questionSenses);
      if (related >= this.recipe.kindRelated) score = related * this.recipe.kindScore;
    }
    if (this.kinds.size > this.recipe.cacheEntries) this.kinds.clear();
    this.kinds.set(id, score);
    return score;
  }

  /** Whether a word's most frequent noun sense is a place (a location, region, city, …). */
  isPlace(word: string): boolean {
    return this.concepts.ancestors(word).some((a) => PLACE_CONCEPTS.has(a));
  }

  /**
   * Whether the object may be a thing of the kind `word` names though WordNet does not say so: a
   * capitalised name it does not know (or knows as one of that kind in some sense), for a kind
   * usually known by name (an organization, a place), of a predicate that does not name a person.
   */
  mayBeNamed(word: string, fact: Fact, head: string): boolean {
    const kind = this.namedKind(word, fact);
    return kind !== undefined && (unknownNoun(head) || this.inAnySense(kind, head));
  }

  /**
   * The kind usually known by name (an organization, a place) `word` asks for, when the fact's
   * object is a capitalised name and its predicate does not name a person: WordNet's common senses
   * of such a name ("Siemens", the unit) do not say it is of another kind.
   */
  namedKind(word: string, fact: Fact): 'organization' | 'location' | undefined {
    const kind = asksForOrganization(word) ? 'organization' : this.isPlace(word) ? 'location' : undefined;
    if (!kind || !/^\p{Lu}/u.test(fact.object.trim())) return undefined;
    if (keyWords(fact.key).some((w) => isPersonNoun(w))) return undefined;
    return kind;
  }

  /**
   * Whether the fact's predicate names the kind of its object, and that kind is one `word` asks
   * for: a name WordNet does not know as a thing ("Nala", "Rex") under a key whose noun says what
   * it names (`has_dog`: a dog, an animal; `sister`: a relative). The object alone says nothing of
   * its kind; the relation the user stored it by does.
   */
  keyNamesKind(word: string, fact: Fact, head: string): boolean {
    if (!/^\p{Lu}/u.test(fact.object.trim()) || !unknownNoun(head)) return false;
    return keyWordsAsRead(fact.key).some(
      (keyWord) => readsAsNoun(keyWord) && this.kindOf(word, keyWord) >= this.recipe.kindScore,
    );
  }

  /** `word` names a kind above any of the first noun senses of `head` ("food" above peanuts, the seeds). */
  inAnySense(word: string, head: string): boolean {
    const id = `${word}\u0000${head}`;
    const cached = this.anySense.get(id);
    if (cached !== undefined) return cached;
    const wordnet = sharedWordNet();
    const wanted = new Set(wordnet.lemmas(word, 'noun').flatMap((lemma) => wordnet.synsetIds(lemma, 'noun')));
    const starts = wordnet
      .lemmas(head, 'noun')
      .flatMap((lemma) => wordnet.synsetIds(lemma, 'noun').slice(0, KIND_SENSES));
    const found = wordnet.anyAbove(starts, (synset) => wanted.has(synset.id));
    if (this.anySense.size > this.recipe.cacheEntries) this.anySense.clear();
    this.anySense.set(id, found);
    return found;
  }
}
