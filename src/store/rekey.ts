import { entityKeyOf, legacyEntityKeyOf } from '../model/normalize.js';
import type { Entity } from '../model/types.js';
import type { Statement } from './records.js';
import { entityKeyId } from './rows.js';

/** Meta key recorded once a database's entity keys keep `+`, `#`, `&` and `@`. */
export const SYMBOL_KEYS_META_KEY = 'keys-keep-symbols';

/** What re-keying one user changes, and the names of the entities it changed. */
export interface SymbolRekeying {
  statements: Statement[];
  renamed: string[];
}

/**
 * Re-keys a user's entities stored before keys kept the symbols that tell names apart: an entity
 * named "C++" was stored under "c" and gets "c++" (its key, its alias list and its lookup key
 * node), so a later "C" is another entity. Only an entity whose stored key is its name's old key
 * moves, and only to a key no other entity of the user holds; one that several spellings shared
 * ("C" said after "C++") cannot be told apart and stays as it is. Idempotent.
 */
export function symbolRekeying(userId: string, entities: readonly Entity[]): SymbolRekeying {
  const taken = new Set(entities.flatMap((e) => [e.key, ...e.aliases]));
  const rows: { uid: string; key: string; aliases: string[]; aliasText: string }[] = [];
  const dropped: string[] = [];
  const created: { id: string; key: string; entityUid: string }[] = [];
  const renamed: string[] = [];
  for (const entity of entities) {
    const key = entityKeyOf(entity.name);
    if (key === entity.key || legacyEntityKeyOf(entity.name) !== entity.key || taken.has(key)) continue;
    taken.add(key);
    const aliases = [...new Set(entity.aliases.map((a) => (a === entity.key ? key : a)))];
    rows.push({ uid: entity.uid, key, aliases, aliasText: aliases.join(' ') });
    dropped.push(entityKeyId(userId, entity.key));
    created.push({ id: entityKeyId(userId, key), key, entityUid: entity.uid });
    renamed.push(entity.name);
  }
  if (rows.length === 0) return { statements: [], renamed };
  return {
    statements: [
      { name: 'entities-rekey', params: { userId, rows } },
      { name: 'entity-keys-delete', params: { userId, ids: dropped } },
      { name: 'entity-keys-create', params: { userId, rows: created } },
    ],
    renamed,
  };
}

/** The one line a re-keying says, or none when nothing moved. */
export function rekeyingNotice(location: string, renamed: readonly string[]): string | undefined {
  if (renamed.length === 0) return undefined;
  const shown = renamed.slice(0, 5).join(', ');
  const more = renamed.length > 5 ? ` and ${renamed.length - 5} more` : '';
  return `kgmem: ${location}: entity keys now keep + # & @ (C, C++ and C# are three entities); re-keyed ${renamed.length} stored before: ${shown}${more}\n`;
}
