import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from '@ladybugdb/core';
import type { NewEntity, NewEntityKey, NewFact } from '../base.js';
import { entityKeyId } from '../rows.js';
import { execute } from './results.js';
import { encodeVector } from './vector-codec.js';

/** From this many new entities plus facts in one write, they are loaded with `COPY FROM`. */
export const COPY_THRESHOLD = 1000;

// A list element that the CSV list syntax ([a,b]) carries unquoted; anything else (a comma, a
// bracket, a quote) keeps the batch on the parameterised statements.
const PLAIN_LIST_ELEMENT = /^[^,[\]{}"'\\\r\n]+$/;
// The temporary folder's path goes into the COPY statement (COPY takes no parameter for it).
const PLAIN_PATH = /^[^'"\\\r\n]+$/;

/** What one bulk write creates. */
export interface BulkRows {
  userId: string;
  at: Date;
  entities: readonly NewEntity[];
  keys: readonly NewEntityKey[];
  facts: readonly NewFact[];
}

/**
 * Whether a write can go through `COPY FROM`: big enough to be worth the files, and every list
 * value plain (see {@link PLAIN_LIST_ELEMENT}). Values never enter query text either way: the
 * files hold them, and the statements name only the files.
 */
export function canCopy(rows: BulkRows, threshold = COPY_THRESHOLD): boolean {
  if (rows.entities.length + rows.facts.length < threshold) return false;
  if (!PLAIN_PATH.test(tmpdir())) return false;
  const plain = (list: readonly string[]) => list.every((item) => PLAIN_LIST_ELEMENT.test(item));
  return rows.entities.every((e) => plain(e.aliases)) && rows.facts.every((f) => plain(f.episodeIds));
}

/** The Entity and FACT tables' property names in their stored order (`table_info`). */
export interface CopyColumns {
  Entity: readonly string[];
  FACT: readonly string[];
}

/**
 * Creates new entities (with their OWNS edges and lookup keys) and new facts by writing CSV
 * files into a private temporary folder and loading each with `COPY FROM`, inside the caller's
 * transaction. Columns follow the tables' stored order, so databases whose columns were added by
 * migrations load as well as new ones.
 */
export function copyRows(conn: Connection, rows: BulkRows, columns: CopyColumns): void {
  const dir = mkdtempSync(join(tmpdir(), 'kgmem-copy-'));
  try {
    const at = rows.at.toISOString();
    const load = (table: string, name: string, lines: string[]) => {
      if (lines.length === 0) return;
      const file = join(dir, `${name}.csv`);
      writeFileSync(file, `${lines.join('\n')}\n`);
      // parallel=false: quoted newlines (a name spanning lines) need the serial reader; the
      // dialect is stated, not sniffed from the first lines (which may hold no quoted field).
      execute(
        conn,
        `COPY ${table} FROM '${file}' (header=false, parallel=false, auto_detect=false, delim=',', quote='"', escape='"')`,
      );
    };
    load(
      'Entity',
      'entities',
      rows.entities.map((e) => {
        const values: Record<string, string> = {
          uid: e.uid,
          userId: rows.userId,
          key: e.key,
          name: e.name,
          type: e.type,
          summary: e.summary,
          aliases: listText([e.key]),
          vector: encodeVector(e.embedding),
          createdAt: at,
          updatedAt: at,
          mentions: String(e.mentions),
        };
        return csvLine(columns.Entity.map((c) => values[c] ?? ''));
      }),
    );
    load(
      'OWNS',
      'owns',
      rows.entities.map((e) => csvLine([rows.userId, e.uid])),
    );
    const keys = [
      ...rows.entities.flatMap((e) => e.aliases.map((key) => ({ key, entityUid: e.uid }))),
      ...rows.keys,
    ];
    load(
      'EntityKey',
      'keys',
      keys.map((k) => csvLine([entityKeyId(rows.userId, k.key), rows.userId, k.key])),
    );
    load(
      'KEY_OF',
      'key-of',
      keys.map((k) => csvLine([entityKeyId(rows.userId, k.key), k.entityUid])),
    );
    load(
      'FACT',
      'facts',
      rows.facts.map((f) => {
        const values: Record<string, string> = {
          uid: f.uid,
          userId: rows.userId,
          predicate: f.predicate,
          key: f.key,
          statement: f.statement,
          confidence: String(f.confidence),
          validFrom: f.validFrom.toISOString(),
          validTo: '',
          createdAt: f.createdAt.toISOString(),
          episodeIds: listText(f.episodeIds),
          invalidatedBy: '',
          supersededBy: '',
          mentions: String(f.mentions),
          vector: encodeVector(f.vector),
        };
        return csvLine([f.subjectUid, f.objectUid, ...columns.FACT.map((c) => values[c] ?? '')]);
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Entities created with extra aliases need them set after the copy (the copy sets their own key). */
export function entitiesWithExtraAliases(entities: readonly NewEntity[]): NewEntity[] {
  return entities.filter((e) => e.aliases.length !== 1 || e.aliases[0] !== e.key);
}

function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

function csvField(value: string): string {
  if (value === '') return '';
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

function listText(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}
