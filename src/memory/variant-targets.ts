import { distinguishingMarks, isShortFormOf, nameForms, variantKeys } from '../model/name-variants.js';
import { entityKeyOf, USER_ENTITY_KEY } from '../model/normalize.js';
import type { GraphStore } from '../store/base.js';

// Above this many new names in one write, variants are not looked for (a bulk load stays linear).
const MAX_VARIANT_LOOKUPS = 64;

/**
 * For each name of a write that no entity holds as a key or alias, the key of the one entity of
 * the user it is a variant of (`name-variants.ts`: the same canonical form, an acronym of its
 * words, or an everyday short form of them), read before the write's transaction from what the store (its cache) holds. A name that
 * is a variant of several entities, or of the user's own, is left to the later stages.
 *
 * A person's given or family name said alone (a one-word name said as a person) is read as the
 * one person of the memory whose full name starts or ends with it, and only when exactly one
 * does: "Maria" after "Maria Lopes", never with a "Maria Silva" too, and never a place.
 */
export async function variantTargets(
  store: GraphStore,
  userId: string,
  names: readonly string[],
  /** Entities (uids) no name is read as a variant of. */
  except: readonly string[] = [],
  /** The keys of names said as a person (their given or family name may stand for a full name). */
  people: ReadonlySet<string> = new Set(),
): Promise<Map<string, string>> {
  const excluded = new Set(except);
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = entityKeyOf(name);
    if (key !== USER_ENTITY_KEY && !byKey.has(key)) byKey.set(key, name);
  }
  const known = await store.entitiesByKeys(userId, [...byKey.keys()]);
  const unknown = [...byKey].filter(([key]) => !known.has(key));
  const targets = new Map<string, string>();
  if (unknown.length === 0 || unknown.length > MAX_VARIANT_LOOKUPS) return targets;
  const lookups = new Map(unknown.map(([key, name]) => [key, variantKeys(nameForms(name)).lookups]));
  const wanted = new Set([...lookups.values()].flat());
  const holders = new Map<string, Set<string>>();
  const entities = await store.entitiesForResolution(userId);
  const nameOf = new Map(entities.map((e) => [e.key, e.name]));
  for (const entity of entities) {
    if (entity.key === USER_ENTITY_KEY || excluded.has(entity.uid)) continue;
    const stored = new Set([
      ...variantKeys(nameForms(entity.name)).stored,
      ...entity.aliases.map((alias) => `canonical:${nameForms(alias).canonical}`),
    ]);
    for (const form of stored) {
      if (!wanted.has(form)) continue;
      const set = holders.get(form) ?? new Set<string>();
      set.add(entity.key);
      holders.set(form, set);
    }
  }
  for (const [key, forms] of lookups) {
    const candidates = new Set(forms.flatMap((form) => [...(holders.get(form) ?? [])]));
    // Short forms are compared name with name, in both directions ("Man Utd", "Manchester United").
    const name = byKey.get(key) as string;
    for (const entity of entities)
      if (
        entity.key !== USER_ENTITY_KEY &&
        !excluded.has(entity.uid) &&
        (isShortFormOf(name, entity.name) || isShortFormOf(entity.name, name))
      )
        candidates.add(entity.key);
    if (people.has(key))
      for (const entity of partOfFullName(name, entities, excluded)) candidates.add(entity);
    // Never across different numbers or symbols, whatever else the names share.
    const marks = distinguishingMarks(name);
    for (const candidate of candidates)
      if (distinguishingMarks(nameOf.get(candidate) ?? candidate) !== marks) candidates.delete(candidate);
    if (candidates.size === 1) targets.set(key, [...candidates][0] as string);
  }
  return targets;
}

/**
 * The key of the one person whose full name (two or three words) starts or ends with a one-word
 * name, as a list of none or one (several such people: none, the name could be either).
 */
function partOfFullName(
  name: string,
  entities: readonly { uid: string; key: string; name: string; type: string }[],
  excluded: ReadonlySet<string>,
): string[] {
  const word = nameForms(name).canonical;
  if (word.includes(' ') || word.length < 2) return [];
  const holders = entities.filter((entity) => {
    if (entity.type !== 'person' || entity.key === USER_ENTITY_KEY || excluded.has(entity.uid)) return false;
    const words = nameForms(entity.name).canonical.split(' ');
    return words.length >= 2 && words.length <= 3 && (words[0] === word || words.at(-1) === word);
  });
  return holders.length === 1 ? [(holders[0] as { key: string }).key] : [];
}
