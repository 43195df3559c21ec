import { USER_ENTITY_KEY } from '../model/normalize.js';
import { checkUserId } from '../model/validate.js';
import { fillProfile, type Profile, type ProfileFields, type ProfileFieldsOf } from '../profile/build.js';
import { DEFAULT_PROFILE_SCHEMA } from '../profile/default-schema.js';
import { type CompiledSchema, compileProfileSchema, type ProfileSchema } from '../profile/schema.js';
import { timeScope } from './checks.js';
import { MemoryPart } from './context.js';

/** Options of {@link Memory.profile}. */
export interface ProfileOptions<S extends ProfileSchema = typeof DEFAULT_PROFILE_SCHEMA> {
  /** Describe the user as they were at this moment (facts valid then). @default now */
  asOf?: Date | string;
  /** The fields to fill. @default DEFAULT_PROFILE_SCHEMA */
  schema?: S;
}

/** Facts touching one entity read at most (a profile reads the user's and each named person's). */
const FACTS_PER_ENTITY = 100_000;

const DEFAULT_COMPILED = compileProfileSchema(DEFAULT_PROFILE_SCHEMA, 'DEFAULT_PROFILE_SCHEMA');

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
    const schema = options.schema === undefined ? DEFAULT_COMPILED : this.compile(options.schema, where);
    const time = timeScope(false, options.asOf, where);
    const self = await this.store.entityByKey(user, USER_ENTITY_KEY);
    const fields: ProfileFields = await fillProfile(schema, self?.uid ?? '', async (entityUid) =>
      entityUid === '' ? [] : this.store.listFacts(user, { entityUid, time, limit: FACTS_PER_ENTITY }),
    );
    return {
      userId: user,
      asOf: time.mode === 'asOf' ? time.asOf.toISOString() : null,
      fields: fields as ProfileFieldsOf<S>,
    };
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
