import type { ExtractedTriple } from './base.js';
import {
  CORRECTION_LEAD,
  LEADING_FILLER,
  MODIFIED,
  NOT_A_NAME,
  PERSON_RELATIONS,
  RELATION_MODIFIERS,
  RELATIONS,
} from './rule-patterns.js';
import { relation, relationType, triple } from './rule-words.js';

/**
 * What the rules say of someone other than the user, read by the same rules as the user's own
 * sentences: "Helen lives in Leeds" is read as "I live in Leeds" and what that gives is Helen's;
 * "Mia is 6", "Sofia is a surgeon", "Kenji just started working at Sony", "Her birthday is on
 * June 2" likewise. A pronoun at a clause's start ("She", "He", "Her", "His") is the person the
 * conversation named last.
 */
export class OtherPeople {
  /** The person named last: whom "she" or "he" in the next clause is. */
  last: string | undefined;

  /** How each person named so far relates to the user ("Max" → dog). */
  private readonly relations = new Map<string, string>();

  /** The clause with a leading pronoun replaced by the person named last (unchanged without one). */
  resolve(raw: string): string {
    if (!this.last) return raw;
    // Someone named only by how they relate is said so again ("She" after "my mum": "My mum").
    const name = /^\p{Lu}/u.test(this.last) ? this.last : `My ${this.last}`;
    // "Oops, typo, his name is Mac": the pronoun after a correction's lead-in.
    let clause = raw.replace(/[’]/g, "'").trim();
    for (let lead = CORRECTION_LEAD.exec(clause); lead; lead = CORRECTION_LEAD.exec(clause))
      clause = clause.slice(lead[0].length);
    return clause
      .replace(/^(?:he|she)'s\s/i, `${name} is `)
      .replace(/^(?:he|she)(?=\s)/i, name)
      .replace(/^(?:her|his)\s+(?=\p{Ll})/iu, `${name}'s `);
  }

  /**
   * The clause as its subject would say it ("I live in Leeds") and who that subject is, when it
   * opens with a name (possibly after "my sister"), someone named only by how they relate ("my
   * mum": then "mum"), or a name's possession ("Mia's school is …").
   */
  firstPerson(clause: string): { subject: string; text: string } | undefined {
    const text = clause
      .replace(/[’]/g, "'")
      .trim()
      .replace(LEADING_FILLER, '')
      .replace(CONTRACTED_IS, '$1 is ');
    const possessive = POSSESSIVE.exec(text);
    if (possessive?.[1] && isName(possessive[1]))
      return { subject: possessive[1], text: `My ${possessive[2]}` };
    const named = SUBJECT.exec(text);
    const m = named?.[1] && isName(named[1]) ? named : UNNAMED_SUBJECT.exec(text);
    const name = m?.[1];
    if (!m || !name || !isName(name)) return undefined;
    const adverbs = m[2] ?? '';
    const verb = firstPersonVerb(m[3] ?? '');
    return { subject: name, text: `I ${adverbs}${verb}${m[4] ?? ''}` };
  }

  /**
   * Someone the user named before who died, or a new name for them ("his name is Mac, not Max", said of the dog
   * Max): the relation under the new name, and the old name's relation closed.
   */
  renamed(clause: string): ExtractedTriple[] {
    // "Sadly, Luna died": the lead word says nothing of who.
    const text = clause.trim().replace(LEADING_FILLER, '');
    const died = DIED.exec(text)?.[1];
    const known = died ? this.relations.get(died) : undefined;
    // "Luna died on Monday": the user's cat no longer.
    if (died && known) return [triple('user', `not_${known}`, died, 'person', relationType(known))];
    const m = RENAMED.exec(text);
    const [before, after] = [m?.[1] ?? '', m?.[2] ?? ''];
    const kind = this.relations.get(before);
    if (!m || !kind || before === after) return [];
    const type = relationType(kind);
    return [
      triple('user', kind, after, 'person', type),
      triple('user', `not_${kind}`, before, 'person', type),
    ];
  }

  /** Notes whom a clause's triples name, so a later pronoun can refer to them. */
  remember(subject: string | undefined, triples: readonly ExtractedTriple[]): void {
    for (const t of triples)
      if (t.subject === 'user' && (t.objectType === 'person' || t.objectType === 'animal'))
        this.relations.set(t.object, t.predicate);
    const people = triples.flatMap((t) => [
      ...(t.subject !== 'user' ? [t.subject] : []),
      ...(t.objectType === 'person' || t.objectType === 'animal' ? [t.object] : []),
    ]);
    const named = people.at(-1) ?? subject;
    if (named && isName(named)) this.last = named;
  }
}

/**
 * Everyone a clause names by how they relate to the user, wherever it does ("I met my friend
 * Kenji for lunch" → the user's friend Kenji), and the clause's other triples without an object
 * that is such a mention ("met: my friend Kenji for lunch").
 */
export function withRelations(clause: string, triples: readonly ExtractedTriple[]): ExtractedTriple[] {
  const said = clause.replace(/[’]/g, "'");
  const ended: ExtractedTriple[] = [];
  const mentions = [...said.matchAll(MENTION)].flatMap((m) => {
    const name = m[2] ?? '';
    if (!isName(name)) return [];
    const kind = relation(m[1]);
    // "Our old dog Bruno passed away": the user had Bruno, and no longer has (said last, so the
    // fact is kept as history).
    if (DIED_AFTER.test(said.slice((m.index ?? 0) + m[0].length)))
      ended.push(triple('user', `not_${kind}`, name, 'person', relationType(m[1])));
    // Read already, perhaps with more of the name ("my friend Polar bear").
    if (triples.some((t) => t.subject === 'user' && t.predicate === kind && t.object.startsWith(name)))
      return [];
    return [triple('user', kind, name, 'person', relationType(m[1]))];
  });
  if (mentions.length === 0) return [...triples, ...ended];
  return [...mentions, ...triples.filter((t) => !MENTION_OBJECT.test(t.object)), ...ended];
}

/** The triples of a first-person reading given to the one who said it of themselves. */
export function asSubject(subject: string, triples: readonly ExtractedTriple[]): ExtractedTriple[] {
  return triples
    .filter((t) => t.predicate !== 'name' && t.object.toLowerCase() !== subject.toLowerCase())
    .map((t) => (t.subject === 'user' ? { ...t, subject, subjectType: t.subjectType || 'person' } : t));
}

const NAME_WORDS = "\\p{Lu}[\\p{L}'-]*(?:\\s+\\p{Lu}[\\p{L}'-]*)?";
// "My younger sister Hana", "Hana": who a clause is about.
const RELATED = `(?:(?:[Mm]y|[Oo]ur)\\s+${MODIFIED}(?:${RELATIONS}),?\\s+)?`;
const WHO = `${RELATED}(${NAME_WORDS})`;
const ADVERBS =
  '((?:(?:just|also|still|really|recently|now|finally|already|often|usually|always|never)\\s+)*)';
// The verb after the name: never a conjunction ("Tom and I …" has two subjects, read elsewhere).
const SUBJECT = new RegExp(
  `^${WHO}\\s+${ADVERBS}(?!(?:and|or|but|nor)\\b)(\\p{Ll}[\\p{L}']*)(\\s.*|[.!]*)$`,
  'u',
);
// Someone the user names only by how they relate ("My mum moved to Nice", "My parents live in
// Lyon"): the words the user uses are who it is, as a model is asked to keep them. Pets are
// left out ("My dog is a beagle" says what kind, not a job).
const UNNAMED_SUBJECT = new RegExp(
  `^[Mm]y\\s+((?:(?:${RELATION_MODIFIERS})\\s+)?(?:${PERSON_RELATIONS}|parents|grandparents|kids|children|family))\\s+${ADVERBS}(?!(?:and|or|but|nor)\\b)(\\p{Ll}[\\p{L}']*)(\\s.*|[.!]*)$`,
  'u',
);
const POSSESSIVE = new RegExp(`^${WHO}'s\\s+(\\p{Ll}.*)$`, 'u');
// "Mia's 6", "Tom's a nurse", "Ana's not here": "'s" as "is", not a possession.
const CONTRACTED_IS = new RegExp(
  `^(${RELATED}${NAME_WORDS})'s\\s+(?=(?:a|an|the|not|no|so|very|really|also|still|now|from|in|at|on|with|my|our|\\d)\\b)`,
  'u',
);

const RENAMED = new RegExp(
  `^(${NAME_WORDS})'s\\s+(?:real\\s+)?name\\s+is\\s+(${NAME_WORDS})(?:,?\\s+not\\s+\\1)?[.!]*$`,
  'u',
);
// Said right after a name: that one died.
const DIED_AFTER = /^\s+(?:just\s+|sadly\s+)?(?:died|passed\s+away)\b/u;
const DIED = new RegExp(`^(${NAME_WORDS})\\s+(?:just\\s+|sadly\\s+)?(?:died|passed\\s+away|passed)\\b`, 'u');
const MENTION = new RegExp(
  `\\b(?:[Mm]y|[Oo]ur)\\s+${MODIFIED}(${RELATIONS}),?\\s+(${NAME_WORDS})(?=[\\s,.!;:]|$)`,
  'gu',
);
const MENTION_OBJECT = new RegExp(`^(?:my|our)\\s+(?:\\p{Ll}+\\s+)?(?:${RELATIONS})\\s+\\p{Lu}`, 'iu');

/** A name, not a word that starts sentences ("This", "Today", "Everyone"). */
function isName(name: string): boolean {
  return name
    .split(/\s+/)
    .every((word) => !NOT_A_NAME.test(word) && !/^(?:the|a|an|today|yesterday|tomorrow)$/i.test(word));
}

const IRREGULAR: Readonly<Record<string, string>> = {
  is: 'am',
  are: 'am',
  "'s": "'m",
  has: 'have',
  does: 'do',
  goes: 'go',
  was: 'was',
  "isn't": 'am not',
  "doesn't": "don't",
  "hasn't": "haven't",
};

/** A verb of the third person singular as the first person says it ("lives" → "live"). */
export function firstPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (Object.hasOwn(IRREGULAR, lower)) return IRREGULAR[lower] ?? verb;
  if (/[^aeiou]ies$/.test(lower)) return `${verb.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z|o)es$/.test(lower)) return verb.slice(0, -2);
  if (/[^s']s$/.test(lower)) return verb.slice(0, -1);
  return verb;
}
