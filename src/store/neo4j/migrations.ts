import { episodeText } from '../../model/episode-text.js';
import type { Entity } from '../../model/types.js';
import type { Statement } from '../records.js';
import { rekeyingNotice, SYMBOL_KEYS_META_KEY, symbolRekeying } from '../rekey.js';
import { episodeFromRow, type Row } from '../rows.js';
import { storedTerms, userSearchKey } from './queries.js';

// Meta key of the migration that replaced stored zero vectors by none.
const ZERO_VECTORS_META_KEY = 'zeroVectors';
// Meta key of the migration that gave older entities and episodes their user's full-text key.
const USER_KEYS_META_KEY = 'userKeys';
// Meta key of the migration that gave turns stored before they kept their search terms those terms.
const EPISODE_TERMS_META_KEY = 'episodeTerms';
// Meta key of the migration that gave users written before they kept them their turns' term totals.
const TERM_LENGTHS_META_KEY = 'termLengths';
// Turns given their search terms per statement by that migration.
const TERMS_BATCH = 500;

/** What the migrations need of an open Neo4j connection. */
export interface Neo4jMigrationHost {
  /** Where the database is, as a notice names it. */
  location: string;
  meta(key: string): Promise<string | undefined>;
  readRows(name: string, params: Record<string, unknown>): Promise<Row[]>;
  writeRows(name: string, params: Record<string, unknown>): Promise<Row[]>;
  /** Named statements in one write transaction. */
  write(statements: readonly Statement[]): Promise<void>;
  users(): Promise<string[]>;
  entities(userId: string): Promise<Entity[]>;
}

/**
 * Moves what databases written by earlier releases keep otherwise, each move once per database
 * (recorded in Meta): at open, so no read ever writes.
 */
export async function migrate(host: Neo4jMigrationHost): Promise<void> {
  await migrateUserKeys(host);
  await migrateZeroVectors(host);
  await migrateEpisodeTerms(host);
  await migrateTermLengths(host);
  await migrateSymbolKeys(host);
}

/**
 * Gives users written before they kept them the totals of their turns' terms and concept terms
 * (full-text scoring's average lengths, see user-state), counted by walking their turns once.
 */
async function migrateTermLengths(host: Neo4jMigrationHost): Promise<void> {
  if ((await host.meta(TERM_LENGTHS_META_KEY)) === '1') return;
  for (const userId of await host.users()) await host.writeRows('users-fill-term-lengths', { userId });
  await host.writeRows('meta-set', { key: TERM_LENGTHS_META_KEY, value: '1' });
}

/**
 * Replaces zero vectors stored before they were refused (Neo4j's cosine fails on them) by an
 * empty list (see `storableVector`).
 */
async function migrateZeroVectors(host: Neo4jMigrationHost): Promise<void> {
  if ((await host.meta(ZERO_VECTORS_META_KEY)) === '1') return;
  await host.writeRows('vectors-zero-to-empty', {});
  await host.writeRows('meta-set', { key: ZERO_VECTORS_META_KEY, value: '1' });
}

/** Gives entities and episodes written before the per-user full-text key their user's key. */
async function migrateUserKeys(host: Neo4jMigrationHost): Promise<void> {
  if ((await host.meta(USER_KEYS_META_KEY)) === '1') return;
  for (const row of await host.readRows('users-missing-user-key', {})) {
    const userId = String(row.id);
    await host.writeRows('user-set-user-key', { userId, userKey: userSearchKey(userId) });
  }
  await host.writeRows('meta-set', { key: USER_KEYS_META_KEY, value: '1' });
}

/**
 * Gives turns stored before turns kept their search terms (`terms`, `conceptTerms`, which the
 * two full-text indexes read) those terms, user by user in batches of {@link TERMS_BATCH}.
 */
async function migrateEpisodeTerms(host: Neo4jMigrationHost): Promise<void> {
  if ((await host.meta(EPISODE_TERMS_META_KEY)) === '1') return;
  for (const userId of await host.users()) {
    for (;;) {
      const rows = await host.readRows('episodes-missing-terms', { userId, limit: TERMS_BATCH });
      if (rows.length === 0) break;
      await host.writeRows('episodes-set-terms', {
        userId,
        rows: rows.map((r) => ({
          uid: String(r.uid),
          ...storedTerms(episodeText(episodeFromRow(r, userId).messages)),
        })),
      });
      if (rows.length < TERMS_BATCH) break;
    }
  }
  await host.writeRows('meta-set', { key: EPISODE_TERMS_META_KEY, value: '1' });
}

/**
 * Re-keys entities stored before keys kept `+`, `#`, `&` and `@` (`rekey.ts`), a user per
 * transaction, and says which it re-keyed.
 */
async function migrateSymbolKeys(host: Neo4jMigrationHost): Promise<void> {
  if ((await host.meta(SYMBOL_KEYS_META_KEY)) === '1') return;
  const renamed: string[] = [];
  for (const userId of await host.users()) {
    const rekeying = symbolRekeying(userId, await host.entities(userId));
    if (rekeying.statements.length > 0) await host.write(rekeying.statements);
    renamed.push(...rekeying.renamed);
  }
  await host.writeRows('meta-set', { key: SYMBOL_KEYS_META_KEY, value: '1' });
  const notice = rekeyingNotice(host.location, renamed);
  if (notice) process.stderr.write(notice);
}
