import { USER_ENTITY_KEY } from '../model/normalize.js';
import { checkUserId } from '../model/validate.js';
import { fillProfile, type Profile, type ProfileFields, type ProfileFieldsOf } from '../profile/build.js';
import type { DEFAULT_PROFILE_SCHEMA } from '../profile/default-schema.js';
import { type CompiledSchema, compileProfileSchema, type ProfileSchema } from '../profile/schema.js';
import type { GraphStore } from '../store/base.js';
import type { TimeScope } from '../store/records.js';
import { timeScope } from './checks.js';
import { MemoryPart } from './context.js';

/** Options of {@link Memory.profile}. */
export interface ProfileOptions<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA> {
  /** Describe the user as they were at this moment (facts valid then). @default now */
  asOf?: Date | string;
  /** The fields to fill. @default the memory's `profileSchema` (DEFAULT_PROFILE_SCHEMA) */
  schema?: S;
}

/** A user's profile through a checked schema, at a time (current facts, or those valid `asOf`). */
export async function readProfile(
  store: GraphStore,
  userId: string,
  schema: CompiledSchema,
  time: TimeScope,
): Promise<Profile> {
  const self = await store.entityByKey(userId, USER_ENTITY_KEY);
  // Served from the per-user copy when the store keeps one (no statement on a warm read).
  const fields: ProfileFields = self
    ? await fillProfile(schema, self.uid, (uids) => store.incidentFacts(userId, uids, time))
    : await fillProfile(schema, '', async () => []);
  return { userId, asOf: time.mode === 'asOf' ? time.asOf.toISOString() : null, fields };
}

/**
 * Profiles: a view of a user's current facts (or those valid at a moment) through a schema. Reads
 * only; the facts come from the store's per-user copies, which every committed write keeps in
 * step, so a profile is never stale. Each method is the one of {@link Memory} of that name.
 *
 * @internal
 */
export class MemoryProfiles extends MemoryPart {
  private readonly compiled = new WeakMap<object, CompiledSchema>();

  async profile<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA>(
    userId: string,
    options: ProfileOptions<S> = {},
  ): Promise<Profile<ProfileFieldsOf<S>>> {
    const where = 'Memory.profile';
    const user = checkUserId(userId, where);
    const schema =
      options.schema === undefined ? this.options.profileSchema : this.compile(options.schema, where);
    const time = timeScope(false, options.asOf, where);
    return (await readProfile(this.store, user, schema, time)) as Profile<ProfileFieldsOf<S>>;
  }

  private compile(schema: ProfileSchema, where: string): CompiledSchema {
    if (typeof schema !== 'object' || schema === null) return compileProfileSchema(schema, where);
    let compiled = this.compiled.get(schema);
    if (!compiled) {
      compiled = compileProfileSchema(schema, where);
      this.compiled.set(schema, compiled);
    }
    return compiled;
  }
}
