import type { Fact } from '../model/types.js';
import type { CompiledField, CompiledSchema, ProfileSchema } from './schema.js';

/** One value of a profile field, with the fact it came from. */
export interface ProfileValue<About = ProfileFields> {
  /** The value as stored (the fact's other end: "Kyoto", "Giulia"). */
  value: string;
  /** The uid of the entity holding it. */
  entityUid: string;
  /** The predicate key that said it (`lives_in`; `sister` for a family member). */
  relation: string;
  /** The uid of the fact it came from (`kgmem facts`, `memory.entity`). */
  factUid: string;
  /** Since when it holds (ISO 8601): the fact's `validFrom`. */
  since: string;
  /** The turns (episode uids) or sources that said it, oldest first. */
  saidBy: string[];
  /** For a person: their own fields (a field with `about` in the schema). */
  about?: About;
}

/** A profile's fields, as a schema of no known shape gives them. */
export type ProfileFields = { [field: string]: ProfileValue | ProfileValue[] | null };

type ValueOf<F> = F extends { about: infer A extends ProfileSchema }
  ? ProfileValue<ProfileFieldsOf<A>>
  : ProfileValue;

/** The fields a schema gives, typed: a list for `many` fields and arrays, one value or `null` otherwise. */
export type ProfileFieldsOf<S extends ProfileSchema> = {
  -readonly [K in keyof S]: S[K] extends string
    ? ProfileValue | null
    : S[K] extends readonly string[]
      ? ProfileValue[]
      : S[K] extends { many: true }
        ? ValueOf<S[K]>[]
        : ValueOf<S[K]> | null;
};

/** A user's profile: the schema's fields filled from the facts that hold now (or at `asOf`). */
export interface Profile<Fields = ProfileFields> {
  userId: string;
  /** The moment it describes (ISO 8601), or `null` for now. */
  asOf: string | null;
  fields: Fields;
}

/** A field's candidate: one fact read from the entity's side. */
interface Candidate {
  fact: Fact;
  relation: string;
  valueUid: string;
  value: string;
  rank: number;
}

/** Reads the facts touching any of some entities (either end), in the time the profile describes. */
export type FactsOfEntities = (entityUids: readonly string[]) => Promise<readonly Fact[]>;

/**
 * Fills a schema's fields from the facts touching one entity: a fact it is the subject of
 * (`user lives_in Kyoto`), or the object of through an `X_of` key (`Giulia sister_of user` is the
 * user's sister Giulia). A one-value field takes the value said most recently; a list keeps each
 * value once, in the order the fields' predicates are listed, then oldest first. People's fields
 * (`about`) are read from their own facts, one level deep: two reads in all.
 */
export async function fillProfile(
  schema: CompiledSchema,
  entityUid: string,
  factsOf: FactsOfEntities,
): Promise<ProfileFields> {
  const chosen = chooseValues(schema, entityUid, await factsOf([entityUid]));
  const people = [...chosen].flatMap(([field, list]) => (field.about ? list.map((c) => c.valueUid) : []));
  const theirs = people.length ? await factsOf(people) : [];
  const fields: ProfileFields = {};
  for (const [field, list] of chosen) {
    const values = list.map((c) =>
      profileValueOf(c, field.about ? fieldsOf(field.about, c.valueUid, theirs) : undefined),
    );
    fields[field.name] = field.many ? values : (values[0] ?? null);
  }
  return fields;
}

/** One level of fields, from facts already read (people's own, with no further level). */
function fieldsOf(schema: CompiledSchema, entityUid: string, facts: readonly Fact[]): ProfileFields {
  const fields: ProfileFields = {};
  for (const [field, list] of chooseValues(schema, entityUid, facts)) {
    const values = list.map((c) => profileValueOf(c, undefined));
    fields[field.name] = field.many ? values : (values[0] ?? null);
  }
  return fields;
}

/** Each field's chosen candidates, in the schema's order: the most recent one, or every value once. */
function chooseValues(
  schema: CompiledSchema,
  entityUid: string,
  facts: readonly Fact[],
): Map<CompiledField, Candidate[]> {
  const byField = new Map<CompiledField, Candidate[]>();
  for (const fact of facts) {
    const read = readFrom(entityUid, fact);
    if (!read) continue;
    const match = schema.fieldOf(read.relation);
    if (!match) continue;
    const list = byField.get(match.field) ?? [];
    list.push({ ...read, fact, rank: match.rank });
    byField.set(match.field, list);
  }
  const chosen = new Map<CompiledField, Candidate[]>();
  for (const field of schema.fields) {
    const candidates = byField.get(field) ?? [];
    if (!field.many) {
      chosen.set(field, candidates.sort(byRecency).slice(0, 1));
      continue;
    }
    const seen = new Set<string>();
    chosen.set(
      field,
      candidates.sort(byRankThenAge).filter((c) => !seen.has(c.valueUid) && Boolean(seen.add(c.valueUid))),
    );
  }
  return chosen;
}

function readFrom(entityUid: string, fact: Fact): Omit<Candidate, 'fact' | 'rank'> | undefined {
  if (fact.subjectUid === entityUid && fact.objectUid !== entityUid)
    return { relation: fact.key, valueUid: fact.objectUid, value: fact.object };
  if (fact.objectUid === entityUid && fact.subjectUid !== entityUid) {
    const inverse = /^(?:is_)?(.+)_of$/.exec(fact.key)?.[1];
    if (inverse) return { relation: inverse, valueUid: fact.subjectUid, value: fact.subject };
  }
  return undefined;
}

function profileValueOf(c: Candidate, about: ProfileFields | undefined): ProfileValue {
  return {
    value: c.value,
    entityUid: c.valueUid,
    relation: c.relation,
    factUid: c.fact.uid,
    since: c.fact.validFrom.toISOString(),
    saidBy: [...new Set(c.fact.observedBy.length ? c.fact.observedBy : c.fact.episodeIds)],
    ...(about ? { about } : {}),
  };
}

const byRecency = (a: Candidate, b: Candidate) =>
  b.fact.validFrom.getTime() - a.fact.validFrom.getTime() ||
  b.fact.createdAt.getTime() - a.fact.createdAt.getTime() ||
  a.rank - b.rank;

const byRankThenAge = (a: Candidate, b: Candidate) =>
  a.rank - b.rank || a.fact.validFrom.getTime() - b.fact.validFrom.getTime();
