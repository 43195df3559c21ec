import { z } from 'zod';
import { InvalidInputError } from '../model/errors.js';
import { normalizePredicate } from '../model/normalize.js';
import { stem } from '../model/text.js';

/**
 * One field of a profile: the predicates whose facts fill it, and its shape.
 *
 * Written in full (`{ predicates: ["lives_in"] }`) or short: a string is one predicate and one
 * value (`home: "lives_in"`), an array is a list (`allergies: ["is_allergic_to"]`).
 */
export interface ProfileFieldSpec {
  /** The predicates whose facts fill the field ("lives in" and `lives_in` alike); the first is preferred. */
  predicates: readonly string[];
  /** A list of every value (`true`) or the one most recently said (`false`). @default false */
  many?: boolean;
  /** For people: the fields read about each of them, one level deep (no `about` inside). */
  about?: ProfileSchema;
}

/** A field written in full or short (see {@link ProfileFieldSpec}). */
export type ProfileField = ProfileFieldSpec | string | readonly string[];

/** A profile schema: field names mapped to the predicates that fill them. */
export type ProfileSchema = { readonly [field: string]: ProfileField };

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const fieldSpec: z.ZodType<ProfileField> = z.lazy(() =>
  z.union([
    z.string(),
    z.array(z.string()).min(1),
    z
      .object({
        predicates: z.array(z.string()).min(1),
        many: z.boolean().optional(),
        about: z.record(z.string(), fieldSpec).optional(),
      })
      .strict(),
  ]),
);

/** The zod schema a profile schema is checked with (what `--schema` files must satisfy). */
export const profileSchemaSchema: z.ZodType<ProfileSchema> = z.record(z.string(), fieldSpec);

/** A checked field: predicate keys folded, shape decided. */
export interface CompiledField {
  name: string;
  /** Normalised predicate keys, preferred first. */
  keys: readonly string[];
  many: boolean;
  about?: CompiledSchema;
}

/**
 * A checked profile schema, with the field each stored predicate key belongs to.
 *
 * A stored key belongs to a field when it is one of the field's keys, or has the same words as one
 * up to their stems and a leading `is`/`has` (`live_in` and `lives_in`, `allergic_to` and
 * `is_allergic_to`); every word counts, prepositions too, so `lives_with` is not `lives_in`. (The
 * WordNet reading recall uses for questions was tried here and is too loose for a document that
 * states facts: it reads `loves` as `has_pet` and `moved_to` as `works_at`.)
 */
export class CompiledSchema {
  readonly fields: readonly CompiledField[];
  private readonly byForm = new Map<string, FieldMatch>();
  private readonly memo = new Map<string, FieldMatch | null>();

  constructor(fields: readonly CompiledField[]) {
    this.fields = fields;
    for (const field of fields)
      for (const [rank, key] of field.keys.entries()) this.byForm.set(keyForm(key), { field, rank });
  }

  /** The field a stored predicate key fills, and which of its predicates it is; none when no field takes it. */
  fieldOf(key: string): FieldMatch | undefined {
    let found = this.memo.get(key);
    if (found === undefined) {
      found = this.byForm.get(keyForm(key)) ?? null;
      this.memo.set(key, found);
    }
    return found ?? undefined;
  }
}

/** The field a stored key fills, and the place of its predicate in the field's list (0: preferred). */
export interface FieldMatch {
  field: CompiledField;
  rank: number;
}

/** A key's words by their stems, a leading `is`/`has` dropped: what two spellings of one relation share. */
export function keyForm(key: string): string {
  const words = key.split('_').filter((w) => w.length > 0);
  if (words.length > 1 && (words[0] === 'is' || words[0] === 'has')) words.shift();
  return words.map(stem).join(' ');
}

/**
 * Checks a profile schema (yours, or the default) and prepares it for reading facts through.
 *
 * @throws InvalidInputError naming the field that is wrong: not an object, a field name that is
 *   not a plain identifier, a predicate that folds to nothing, a predicate claimed by two fields of
 *   one level, or `about` nested twice
 */
export function compileProfileSchema(schema: unknown, where = 'profile schema'): CompiledSchema {
  const parsed = profileSchemaSchema.safeParse(schema);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new InvalidInputError(
      `${where}: not a profile schema${at} (${issue?.message ?? 'invalid'}); each field is a predicate ("lives_in"), a list of predicates (["is_allergic_to"]) or {predicates, many?, about?}`,
    );
  }
  return compileLevel(parsed.data, where, 0);
}

function compileLevel(schema: ProfileSchema, where: string, depth: number): CompiledSchema {
  const fields: CompiledField[] = [];
  const owner = new Map<string, string>();
  for (const [name, raw] of Object.entries(schema)) {
    if (!FIELD_NAME.test(name))
      throw new InvalidInputError(
        `${where}: field name "${name}" must start with a letter and hold only letters, digits and _ (at most 64)`,
      );
    const spec: ProfileFieldSpec =
      typeof raw === 'string'
        ? { predicates: [raw] }
        : Array.isArray(raw)
          ? { predicates: raw as readonly string[], many: true }
          : (raw as ProfileFieldSpec);
    const keys = spec.predicates.map((p) => {
      const key = normalizePredicate(p);
      if (key.length === 0)
        throw new InvalidInputError(
          `${where}: field "${name}" names the predicate "${p}", which has no words; name a predicate such as "lives_in"`,
        );
      const form = keyForm(key);
      const other = owner.get(form);
      if (other !== undefined && other !== name)
        throw new InvalidInputError(
          `${where}: the predicate "${p}" is claimed by both "${other}" and "${name}"; give each predicate to one field`,
        );
      owner.set(form, name);
      return key;
    });
    if (spec.about !== undefined && depth > 0)
      throw new InvalidInputError(
        `${where}: field "${name}" has "about" inside "about"; people's own fields go one level deep`,
      );
    const about =
      spec.about === undefined ? undefined : compileLevel(spec.about, `${where} (${name}.about)`, 1);
    fields.push({ name, keys: [...new Set(keys)], many: spec.many ?? false, ...(about ? { about } : {}) });
  }
  return new CompiledSchema(fields);
}
