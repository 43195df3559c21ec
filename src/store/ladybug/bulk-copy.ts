import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from '@ladybugdb/core';
import type { NewEntity, NewEntityKey, NewFact } from '../base.js';
import { storedObservations } from '../observations.js';
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
  return (
    rows.entities.every((e) => plain(e.aliases)) &&
    rows.facts.every((f) => plain(f.episodeIds) && plain(f.observedBy))
  );
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
    const iso = isoCache();
    const load = <T>(table: string, name: string, items: readonly T[], fields: readonly Field<T>[]) => {
      if (items.length === 0) return;
      const file = join(dir, `${name}.csv`);
      writeCsv(file, items, fields);
      // parallel=false: quoted newlines (a name spanning lines) need the serial reader; the
      // dialect is stated, not sniffed from the first lines (which may hold no quoted field).
      execute(
        conn,
        `COPY ${table} FROM '${file}' (header=false, parallel=false, auto_detect=false, delim=',', quote='"', escape='"')`,
      );
    };
    const entityFields: Record<string, Field<NewEntity>> = {
      uid: plain((e) => e.uid),
      userId: text(() => rows.userId),
      key: text((e) => e.key),
      name: text((e) => e.name),
      type: text((e) => e.type),
      summary: text((e) => e.summary),
      aliases: text((e) => listText([e.key])),
      vector: plain((e) => encodeVector(e.embedding)),
      createdAt: plain(() => at),
      updatedAt: plain(() => at),
      mentions: plain((e) => String(e.mentions)),
    };
    load(
      'Entity',
      'entities',
      rows.entities,
      columns.Entity.map((c) => entityFields[c] ?? EMPTY),
    );
    load('OWNS', 'owns', rows.entities, [text(() => rows.userId), plain((e) => e.uid)]);
    const keys = [
      ...rows.entities.flatMap((e) => e.aliases.map((key) => ({ key, entityUid: e.uid }))),
      ...rows.keys,
    ];
    load('EntityKey', 'keys', keys, [
      text((k) => entityKeyId(rows.userId, k.key)),
      text(() => rows.userId),
      text((k) => k.key),
    ]);
    load('KEY_OF', 'key-of', keys, [text((k) => entityKeyId(rows.userId, k.key)), text((k) => k.entityUid)]);
    const factFields: Record<string, Field<NewFact>> = {
      uid: plain((f) => f.uid),
      userId: text(() => rows.userId),
      predicate: text((f) => f.predicate),
      key: text((f) => f.key),
      statement: text((f) => f.statement),
      confidence: plain((f) => String(f.confidence)),
      validFrom: plain((f) => iso(f.validFrom)),
      createdAt: plain((f) => iso(f.createdAt)),
      episodeIds: text((f) => listText(f.episodeIds)),
      mentions: plain((f) => String(f.mentions)),
      observedAt: text((f) => listText(storedObservations(f).observedAt)),
      observedBy: text((f) => listText(storedObservations(f).observedBy)),
      vector: plain((f) => encodeVector(f.vector)),
    };
    load('FACT', 'facts', rows.facts, [
      // An existing entity's uid comes from the database: quoted when it needs to be.
      text((f) => f.subjectUid),
      text((f) => f.objectUid),
      ...columns.FACT.map((c) => factFields[c] ?? EMPTY),
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One CSV column: how a row's value is read, and whether it may need quoting. uids, numbers,
 * timestamps and stored vectors (base64) never hold a comma, quote or line break or start or
 * end with a space: they are written as they are.
 */
export interface Field<T> {
  value: (item: T) => string;
  quote: boolean;
}

const EMPTY: Field<unknown> = { value: () => '', quote: false };

/** A column written as it is. */
export function plain<T>(value: (item: T) => string): Field<T> {
  return { value, quote: false };
}

/** A column of free text, quoted when it holds a comma, quote, line break or edge space. */
export function text<T>(value: (item: T) => string): Field<T> {
  return { value, quote: true };
}

// Rows written per write call: big files are streamed rather than joined into one string.
const CSV_CHUNK_ROWS = 10_000;

/** Writes one CSV line per item (the fields in order) to `file`, in chunks. */
export function writeCsv<T>(file: string, items: readonly T[], fields: readonly Field<T>[]): void {
  const fd = openSync(file, 'w');
  try {
    let chunk = '';
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T;
      let line = '';
      for (let c = 0; c < fields.length; c++) {
        const field = fields[c] as Field<T>;
        const value = field.value(item);
        if (c > 0) line += ',';
        line += field.quote ? csvField(value) : value;
      }
      chunk += `${line}\n`;
      if ((i + 1) % CSV_CHUNK_ROWS === 0) {
        writeSync(fd, chunk);
        chunk = '';
      }
    }
    if (chunk.length > 0) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** `toISOString` of dates, remembered: the rows of one write share a few instants. */
function isoCache(): (date: Date) => string {
  const known = new Map<number, string>();
  return (date) => {
    const time = date.getTime();
    let value = known.get(time);
    if (value === undefined) {
      value = date.toISOString();
      known.set(time, value);
    }
    return value;
  };
}

/** Entities created with extra aliases need them set after the copy (the copy sets their own key). */
export function entitiesWithExtraAliases(entities: readonly NewEntity[]): NewEntity[] {
  return entities.filter((e) => e.aliases.length !== 1 || e.aliases[0] !== e.key);
}

function csvField(value: string): string {
  if (value === '') return '';
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

function listText(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}
