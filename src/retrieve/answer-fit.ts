import { keyWords, type RelationLexicon } from '../lexicon/base.js';
import { compoundNouns } from '../lexicon/compounds.js';
import { type ConceptReader, sharedConceptReader } from '../lexicon/concepts.js';
import { keyWordsAsRead } from '../lexicon/key-words.js';
import { adverbNoun, isPersonNoun } from '../lexicon/kinds.js';
import { type LexicalRelatedness, sharedRelatedness, sharedWordNet } from '../lexicon/relatedness.js';
import { tokenize } from '../model/normalize.js';
import { STOP_WORDS, searchTerms, stem } from '../model/text.js';
import type { Fact } from '../model/types.js';
import {
  answerKindWords,
  isIndefinitePronoun,
  keyNouns,
  readsAsNoun,
  verbsByPosition,
  withQuestionWords,
} from './answer-kind.js';
import {
  isTime,
  type KindReader,
  missesWh,
  namedWhKind,
  objectHead,
  unknownCommonWord,
  type WhKind,
  whKind,
  whScore,
  wrongWh,
} from './answer-wh.js';
import type { AskedReading } from './asked-reading.js';
import { endsWithFunctionWordOf, functionWords, usesFunctionWordOf } from './key-function-words.js';
import { ObjectKinds } from './object-kind.js';
import { OFFLINE_RECIPE } from './recipe.js';
import type { FitRecipe } from './recipe-types.js';

/** One question's fit, bound to its focus (what `fuseFacts` and `recallTurns` read candidates with). */
export interface QuestionFit {
  read(fact: Fact): FitReading;
  relationOf(key: string): number;
  ofKind(fact: Fact): boolean;
  ofUsualKind(fact: Fact): boolean;
  otherKind(fact: Fact): boolean;
  /** Whether the fact's object is a common word WordNet does not know ("pho"): of no kind shown or denied. */
  unknownKind(fact: Fact): boolean;
  /** Whether the fact leads to an entity the question names from one it does not (context, seldom the answer). */
  leadsToNamed(fact: Fact): boolean;
  /** Whether the fact is about an entity the question names. */
  aboutNamed(fact: Fact): boolean;
  /** Whether the fact touches an entity the question names (as subject or object). */
  touchesNamed(fact: Fact): boolean;
  /** Whether the question names an entity other than the user. */
  namesOthers: boolean;
  /** Whether the question says the kind of answer right after "what" or "which" ("What sport …"). */
  kindAsked: boolean;
  /** Whether the question asks who someone is ("who", "whom"). */
  asksWho: boolean;
  /** Whether the question asks when ("When did Melanie go to the museum?"). */
  asksWhen: boolean;
  /**
   * Whether a fact could answer a question asking when: its object is a time, or the question
   * names it ("When did Caroline go to the adoption meeting?" is not answered by her going to a
   * support group). Always true for a question asking anything else.
   */
  answersWhen(fact: Pick<Fact, 'object'>): boolean;
  /** Whether the fact's object is a time or a number where the question asks for a place or person. */
  wrongWh(fact: Pick<Fact, 'object'>): boolean;
  /** Whether the fact's object is known not to be of the kind the question word asks ({@link missesWh}). */
  missesWh(fact: Fact): boolean;
}

/** How a fact fits a question ({@link AnswerFit.read}). */
export interface FitReading {
  /** How well it answers, in [0, 1]. */
  fit: number;
  /** How well the question's words name its predicate, in [0, 1]. */
  relation: number;
  /** What tells apart facts that fit alike, in [0, 1]: the question's function word and kind of answer. */
  tieBreak: number;
  /** How surely the object is of the kind the question word asks for (a person for "who"), in [0, 1]. */
  wh: number;
}

/** What a question asks for, read from its words: the ones that say what the answer is. */
export interface QuestionFocus {
  /** Content words outside the names the question links (the relation and kind words). */
  words: readonly string[];
  /** The focus words that can name a kind of thing (WordNet knows them as nouns). */
  kindWords: readonly string[];
  /**
   * The focus words the tagged texts read as nouns that the question uses as its verb by where
   * they stand ({@link verbsByPosition}): no kind of answer, and the compounds and kinds of their
   * noun senses name no relation.
   */
  verbs: ReadonlySet<string>;
  /** The kind words are the ones said right after "what" or "which" ({@link answerKindWords}). */
  kindAsked: boolean;
  /**
   * The predicate keys of the relations the question asks, as the extractor reads the statement
   * that would answer it: each named as surely as by a shared stem, whatever the words that asked
   * it score alone ("originally from").
   */
  askedKeys: ReadonlySet<string>;
  /**
   * The keys the question asks that the user's memory does not hold: the user's keys their words
   * name are named so ("What do I do for a living?" asks `works_as`, whose "work" names
   * `occupation`), unless the two keys' function words differ (`works_for` is another relation).
   */
  unheldKeys: readonly string[];
  /**
   * The words of a set phrase that asked a relation ("for a living"): they may say the kind of
   * answer ("for exercise"), never the relation ("living" is no place lived in).
   */
  idiom: ReadonlySet<string>;
  /** The words of a phrasal verb read as one verb (among `idiom` too). */
  phrasal: ReadonlySet<string>;
  /** How well the words name each predicate key, filled as facts are read. */
  relationScores: Map<string, number>;
  /** Every word of the question, function words included. */
  tokens: ReadonlySet<string>;
  /** Every word of the question, in order. */
  sequence: readonly string[];
  /** The question's search terms (stems of its content words). */
  terms: ReadonlySet<string>;
  /** The kind of answer the question word asks for, when it says one. */
  wh: WhKind | undefined;
  /** Uids of the entities the question names (their facts are context, not the answer). */
  named: ReadonlySet<string>;
}

// A lexicon score this high is a shared stem (or, with an embedding lexicon, as sure). Lower
// ones come from any sense of the question word ("bring" shares a rare sense with "work").
const SAME_STEM = 1;

/**
 * How well a fact answers what a question asks, from the question's own words: its relation
 * words scored against the fact's predicate (the lexicon: "employer" meets `works_at`), its kind
 * words against the fact's object through WordNet's hypernyms ("instrument" is a kind above
 * "cello", "city" above "Ghent", "dog" above "pup"), and its question word against the kind of
 * object ("who" a person, "where" a place, "when" a date, "how old" a number). No word list is
 * fitted to any question set: WordNet and the user's own predicates carry the meaning.
 */
export class AnswerFit {
  private readonly objects: ObjectKinds;
  private readonly kindReader: KindReader;

  constructor(
    private readonly lexicon: RelationLexicon,
    /** The fit's numbers (the recipe's `fit`). */
    private readonly recipe: FitRecipe = OFFLINE_RECIPE.fit,
    concepts: ConceptReader = sharedConceptReader(),
    private readonly relatedness: LexicalRelatedness = sharedRelatedness(),
  ) {
    this.objects = new ObjectKinds(recipe, concepts, relatedness);
    this.kindReader = {
      ancestors: (word) => concepts.ancestors(word),
      inAnySense: (kind, head) => this.objects.inAnySense(kind, head),
    };
  }

  /** The fit of one question, bound to its focus. */
  bind(focus: QuestionFocus): QuestionFit {
    return {
      read: (fact) => this.read(focus, fact),
      relationOf: (key) => this.relationOf(focus, key),
      ofKind: (fact) => this.ofKind(focus, fact),
      ofUsualKind: (fact) => this.ofUsualKind(focus, fact),
      otherKind: (fact) => this.otherKind(focus, fact),
      unknownKind: (fact) => unknownCommonWord(fact.object),
      leadsToNamed: (fact) => focus.named.has(fact.objectUid) && !focus.named.has(fact.subjectUid),
      aboutNamed: (fact) => focus.named.has(fact.subjectUid),
      touchesNamed: (fact) => focus.named.has(fact.subjectUid) || focus.named.has(fact.objectUid),
      namesOthers: focus.named.size > 0,
      kindAsked: focus.kindAsked,
      asksWho: focus.wh === 'person',
      asksWhen: focus.wh === 'time',
      wrongWh: (fact) => wrongWh(focus.wh, fact.object),
      missesWh: (fact) => missesWh(focus.wh, fact, this.kindReader),
      answersWhen: (fact) =>
        focus.wh !== 'time' ||
        isTime(fact.object) ||
        searchTerms(fact.object).some((t) => focus.terms.has(t)),
    };
  }

  /** Reads a question's focus: its words outside names, and what its question word asks for. */
  focus(
    query: string,
    nameTokens: readonly string[],
    named: ReadonlySet<string>,
    askedKeys: readonly string[] = [],
    reading: AskedReading = { idiomWords: [], unheldKeys: [] },
  ): QuestionFocus {
    const tokens = withQuestionWords(tokenize(query));
    const names = new Set(nameTokens.map(stem));
    const others = new Set(reading.othersWords ?? []);
    const words = tokens.filter(
      (t) =>
        !STOP_WORDS.has(t) &&
        !isIndefinitePronoun(t) &&
        !names.has(stem(t)) &&
        !/^\d+$/.test(t) &&
        !others.has(t),
    );
    // A word the tagged texts read as a verb is no kind already; one they read as a noun is the
    // verb all the same where it stands after "do I" ("Who do I _root_ for?").
    const verbs = new Set([...verbsByPosition(tokens)].filter(readsAsNoun));
    const unique = [...new Set(words)];
    // The kind the question names after "what" or "which" is the answer's; its other nouns then
    // name the relation ("What firm do I have a job with?": a firm, not a job).
    const asked = answerKindWords(tokens, (t) => names.has(stem(t)));
    // A compound WordNet knows names a kind in place of its words ("line of work": a role).
    const compounds = compoundNouns(tokens.filter((t) => !names.has(stem(t))));
    const inCompounds = new Set(compounds.flatMap((c) => c.words));
    const nouns = [
      ...compounds.map((c) => c.compound),
      // A word WordNet's tagged texts use more often as a verb is the question's verb ("Who
      // employs me?", "What should I cook?"), no kind of answer.
      ...unique.filter((w) => !inCompounds.has(w) && !verbs.has(w) && readsAsNoun(w)),
    ];
    // An adverb says what it pertains to ("What do I do professionally?": a profession).
    const pertained = unique.flatMap((w) => (readsAsNoun(w) ? [] : (adverbNoun(w) ?? [])));
    nouns.push(...pertained);
    return {
      words: [...unique, ...compounds.map((c) => c.compound), ...pertained],
      kindWords: asked.length > 0 ? [...new Set(asked)] : nouns,
      kindAsked: asked.length > 0,
      verbs,
      tokens: new Set(tokens),
      sequence: tokens,
      terms: new Set(searchTerms(query)),
      wh: whKind(tokens) ?? namedWhKind(asked),
      named,
      askedKeys: new Set(askedKeys),
      unheldKeys: reading.unheldKeys,
      idiom: new Set(reading.idiomWords),
      phrasal: new Set(reading.phrasalWords ?? []),
      relationScores: new Map(),
    };
  }

  /**
   * How well a fact answers the question, in [0, 1]: its relation and its object's kind as the
   * question's words name them (each a chance, joined by noisy-OR); the kind the question word
   * asks for adds a little to that, and alone says less. A fact whose object is a role of its own
   * that is not the role asked ("plumber" for "Who is my employer?") and a fact leading back to an
   * entity the question names answer less.
   */
  score(focus: QuestionFocus, fact: Fact): number {
    return this.read(focus, fact).fit;
  }

  /** {@link score}, and how sure the question's words name the fact's predicate. */
  read(focus: QuestionFocus, fact: Fact): FitReading {
    let relation = this.relationOf(focus, fact.key);
    // A predicate of function words only (`is_from`) is named by those words ("originally from").
    const bare =
      keyWords(fact.key).length === 0 && fact.key.split('_').some((w) => w !== 'is' && focus.tokens.has(w));
    if (bare) relation = Math.max(relation, this.recipe.near);
    let kind = 0;
    let otherRole = false;
    const head = objectHead(fact.object);
    for (const word of focus.kindWords) {
      let wordKind = head ? this.objects.kindOf(word, head) : 0;
      // A kind above a later sense of the object ("sport" above fencing, the swordplay; its first
      // sense is a barrier) says it less surely than one above its usual sense.
      // So does a definition naming it first, for a kind asked after "what" or "which".
      const another =
        this.objects.inAnySense(word, head ?? '') ||
        (focus.kindAsked && this.objects.definesAs(word, head ?? ''));
      if (head && wordKind === 0 && another) wordKind = this.recipe.otherSenseKind;
      // WordNet knows few organizations and small towns by name: a name it does not know may be
      // the company or place asked for, unless the predicate says it is a person (`sister`). It
      // only supports a reading of the predicate the question's words give.
      if (head && wordKind === 0 && relation > 0 && this.objects.mayBeNamed(word, fact, head))
        wordKind = this.recipe.otherSenseKind;
      // A name under a key that says its kind ("Nala" by `has_dog`, for "Which animal …").
      if (head && wordKind === 0 && this.objects.keyNamesKind(word, fact, head))
        wordKind = this.recipe.otherSenseKind;

      kind = Math.max(kind, wordKind);
      if (wordKind === 0 && head && isPersonNoun(word) && isPersonNoun(head)) otherRole = true;
    }
    // The kind alone says less than the kind of a fact whose predicate the question also names
    // ("Which place am I originally from?": the home town, not the town one lives in).
    const named = 1 - (1 - relation) * (1 - (relation > 0 ? kind : kind * this.recipe.kindAlone));
    const wh = focus.wh ? whScore(focus.wh, fact, this.kindReader, this.recipe.unknownName) : 0;
    let fit = named > 0 ? named + this.recipe.whBonus * wh * (1 - named) : this.recipe.whScore * wh;
    if (otherRole && kind === 0) fit *= this.recipe.otherRoleFactor;
    // A date or a number does not answer "where" or "who" ("Where was I born?": not the birthday).
    if (wrongWh(focus.wh, fact.object)) fit *= this.recipe.otherRoleFactor;
    // The answer is seldom an entity the question names (unless the question asks who that is).
    if (focus.named.has(fact.objectUid) && !focus.named.has(fact.subjectUid))
      fit *= this.recipe.namedObjectFactor;
    // Predicates that share their word (`works_at`, `works_as`) read alike: the function word the
    // question uses with it ("What do I work as?") and the kind its question word asks ("Where do
    // I work?": a name, not a role) tell them apart.
    const usesFunctionWord = usesFunctionWordOf(fact.key, focus.sequence) ? 1 : 0;
    // So does the kind the question names, where the predicate alone reads both at full ("What's
    // my line of work?": a role, not a firm).
    const parts = [usesFunctionWord, wh, kind];
    const tieBreak = parts.reduce((sum, part) => sum + part, 0) / parts.length;
    return { fit, relation, tieBreak, wh };
  }

  /** Whether a word of the question names a kind the fact's object is, in any of its senses ("food": pizza). */
  ofKind(focus: QuestionFocus, fact: Fact): boolean {
    const head = objectHead(fact.object);
    return (
      head !== undefined &&
      focus.kindWords.some(
        (w) =>
          this.objects.isKindInWordNet(w, head, focus.kindAsked) ||
          // A name WordNet does not know may be the firm or place asked for, or be of the kind
          // its key names (`has_dog`).
          this.objects.mayBeNamed(w, fact, head) ||
          this.objects.keyNamesKind(w, fact, head),
      )
    );
  }

  /** Whether a word of the question names a kind the fact's object is in its usual sense ("food": curry). */
  ofUsualKind(focus: QuestionFocus, fact: Fact): boolean {
    const head = objectHead(fact.object);
    return (
      head !== undefined && focus.kindWords.some((w) => this.objects.kindOf(w, head) >= this.recipe.kindScore)
    );
  }

  /**
   * Whether the fact's object is known to be of another kind than every one the question names:
   * its head is a noun WordNet knows and no kind word is above any of its senses.
   */
  otherKind(focus: QuestionFocus, fact: Fact): boolean {
    const head = objectHead(fact.object);
    if (head === undefined || focus.kindWords.length === 0) return false;
    const known = sharedWordNet()
      .synsetsOfWord(head, 1)
      .some((id) => id.startsWith('n'));
    // A name that may be of a kind asked for is not known to be another (whatever WordNet says).
    return (
      known &&
      !focus.kindWords.some(
        (w) => this.objects.isKindInWordNet(w, head, focus.kindAsked) || this.objects.namedKind(w, fact),
      )
    );
  }

  /** How well the question's words name a predicate key (cached per question). */
  relationOf(focus: QuestionFocus, key: string): number {
    if (focus.askedKeys.has(key)) return SAME_STEM;
    const cached = focus.relationScores.get(key);
    if (cached !== undefined) return cached;
    let relation = 0;
    for (const word of focus.words)
      if (!focus.idiom.has(word))
        relation = Math.max(relation, this.relationScore(word, key, focus.verbs.has(word)));
    // A preposition left at the end ("What company am I _at_?") is the one the predicate ends
    // with (`works_at`): it names the relation as a near word would.
    if (endsWithFunctionWordOf(key, focus.sequence, focus.verbs))
      relation = Math.max(relation, this.recipe.near);
    for (const unheld of focus.unheldKeys)
      relation = Math.max(relation, this.asKeyNames(unheld, key, focus.phrasal));
    if (relation > 0 && this.namesAnotherThing(focus, key)) relation = 0;
    focus.relationScores.set(key, relation);
    return relation;
  }

  /**
   * How well the words of a key the question asks name another key, when as near as a near word:
   * not at all where both say function words and they differ (`works_as`, `works_for`).
   */
  private asKeyNames(asked: string, key: string, phrasal: ReadonlySet<string>): number {
    const own = functionWords(key);
    const theirs = functionWords(asked);
    if (own.length > 0 && theirs.length > 0 && own.join(' ') !== theirs.join(' ')) return 0;
    // Its words a phrasal verb said name nothing here either (`works_out_at`: no work); a set
    // phrase's do ("What do I do for a living?": `works_as`, whose "work" names `occupation`).
    const said = new Set([...phrasal].map(stem));
    const words = keyWordsAsRead(asked).filter((word) => !said.has(stem(word)));
    const score = Math.max(0, ...words.map((word) => this.relationScore(word, key, false)));
    // Only a near reading: a key's word read through a shared rare sense ("plays", "takes") is noise.
    return score >= this.recipe.near ? score : 0;
  }

  /**
   * Whether the key names a thing the question does not, where the question names one the key
   * does not: a word they share is then another relation's ("What's my manager's name?" is not
   * asked of `dog_name`; "What's my favourite film?" not of `favourite_dish`).
   */
  private namesAnotherThing(focus: QuestionFocus, key: string): boolean {
    const names = (word: string, keyWord: string) =>
      this.relationScore(word, keyWord, focus.verbs.has(word)) > 0;
    // The question's relation words: its own outside a set phrase, and those of a key it asks
    // that the user does not hold ("work", for "What do I do for a living?").
    const phrasalStems = new Set([...focus.phrasal].map(stem));
    const words = [
      ...focus.words.filter((word) => !focus.idiom.has(word)),
      ...focus.unheldKeys.flatMap(keyWordsAsRead).filter((word) => !phrasalStems.has(stem(word))),
    ];
    const keyOnly = keyNouns(key).some((noun) => !words.some((word) => names(word, noun)));
    if (!keyOnly) return false;
    return focus.kindWords.some(
      (word) => !focus.verbs.has(word) && !focus.idiom.has(word) && !names(word, key),
    );
  }

  /**
   * A question word naming the fact's relation: the lexicon's score, a definition that uses the
   * other word ("employer" … "employs workers" for `works_at`), or a kind above the key's noun
   * ("sibling" for `sister`). A word the question uses as its verb names a relation by the
   * lexicon, WordNet's relatedness and definitions only, not by the compounds, genera and kinds of
   * its noun senses ("root" is no ancestor in "Who do I root for?").
   */
  private relationScore(word: string, key: string, verb: boolean): number {
    // The lexicon reads the question word in all its senses (a paraphrase may use a rare one);
    // here only its frequent senses count: the fit ranks facts a walk already found, and a
    // reading through a rare sense would rank them at random.
    const lexical = this.lexicon.score(word, key);
    let score = lexical >= SAME_STEM ? lexical : 0;
    for (const keyWord of keyWordsAsRead(key)) {
      const near = this.relatedness.related(
        keyWord,
        word,
        this.recipe.questionSenses,
        this.recipe.frequentSenses,
      );
      score = Math.max(
        score,
        near >= this.recipe.near ? near : 0,
        // A predicate's word is read in one sense more than the question's: `works_at` is work
        // "for which you are paid" in its third ("Which company pays my salary?").
        this.relatedness.glossRelated(word, keyWord, this.recipe.glossSenses, this.recipe.glossSenses + 1),
      );
      if (verb) continue;
      score = Math.max(
        score,
        // A compound of either word built on the other ("email" is electronic mail), or a
        // definition naming the kind above the other ("pet": a domesticated animal, as a dog is;
        // the question word in its usual sense only: a "term" is a period only in its rarer one).
        this.relatedness.compoundRelatedEitherWay(word, keyWord),
        this.relatedness.genusRelatedEitherWay(word, keyWord, 1),
        this.objects.kindOf(word, keyWord),
      );
    }
    return score >= this.recipe.minRelated ? score : 0;
  }
}
