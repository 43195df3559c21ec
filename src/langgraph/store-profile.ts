import type { Item } from '@langchain/langgraph-checkpoint';
import type { MemoryApi } from '../memory/api.js';
import { InvalidInputError } from '../model/errors.js';
import type { ProfileFields } from '../profile/build.js';

/** The first namespace label under which {@link KgmemStore} serves profiles: `["profile", userId]`. */
export const PROFILE_NAMESPACE = 'profile';

/** The key of the one item in a profile namespace (`store.get(["profile", userId], "profile")`). */
export const PROFILE_KEY = 'profile';

/** The user whose profile a namespace names, when it is `["profile", userId]`. */
export function profileUserOf(namespace: readonly string[]): string | undefined {
  return namespace.length === 2 && namespace[0] === PROFILE_NAMESPACE ? namespace[1] : undefined;
}

/**
 * The profile item of `["profile", userId]`: the user's profile document (`memory.profile`), read
 * from the facts at each call; created and updated at the newest fact it shows.
 */
export async function profileItem(memory: MemoryApi, userId: string): Promise<Item> {
  const profile = await memory.profile(userId);
  const at = new Date(newestSince(profile.fields));
  return {
    namespace: [PROFILE_NAMESPACE, userId],
    key: PROFILE_KEY,
    value: profile as unknown as Record<string, unknown>,
    createdAt: at,
    updatedAt: at,
  };
}

/** What a put into a profile namespace gets: the profile is a view of facts, written as facts. */
export function profileIsReadOnly(userId: string): InvalidInputError {
  return new InvalidInputError(
    `KgmemStore: ["profile", "${userId}"] is read-only: the profile is read from the user's facts; write facts instead (memory.addTriples, memory.remember or the save_knowledge tool)`,
  );
}

/** The newest `since` among a profile's values and their people's (0 for an empty profile). */
function newestSince(fields: ProfileFields): number {
  let newest = 0;
  for (const value of Object.values(fields))
    for (const v of value === null ? [] : Array.isArray(value) ? value : [value]) {
      newest = Math.max(newest, Date.parse(v.since));
      if (v.about) newest = Math.max(newest, newestSince(v.about));
    }
  return newest;
}
