import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { RemoteMemory } from '../../client/remote-memory.js';
import type { MemoryApi } from '../../memory/api.js';
import type { CheckedTriple } from '../../model/triple.js';
import {
  type CliIo,
  IMPORT_BUFFER_POOL,
  intOption,
  requireUser,
  UsageError,
  withMemory,
} from '../context.js';
import { readExportFile } from '../export-file.js';
import { Progress } from '../progress.js';
import { countLines, formatOf, readTripleFile, type TripleFormat } from '../triple-file.js';

const MAX_REJECTS_SHOWN = 20;
/**
 * Lines per transaction of `kgmem import`. LadybugDB loads one big COPY per table far faster than
 * many small ones (each commit checkpoints, and later checkpoints cost more as the database
 * grows): the MetaQA kb.tsv (129k lines) imports in ~10 s in one transaction, ~55 s in batches of
 * 5,000. The price is memory while a batch is planned (~1.5 GB at this size).
 */
export const DEFAULT_BATCH_SIZE = 250_000;

/**
 * Lines per transaction on a server (Neo4j): a transaction's changes are held in the server's
 * memory until it commits (with its index updates, built at commit), and 5,000 lines keep one
 * well within a 1 GB transaction memory.
 */
export const SERVER_BATCH_SIZE = 5_000;

/** The default lines per transaction of `kgmem import` on a backend. */
export function defaultBatchSize(backend: string): number {
  return backend === 'neo4j' ? SERVER_BATCH_SIZE : DEFAULT_BATCH_SIZE;
}

/**
 * The triples per request when the import goes through another process (the holder's socket or
 * a server): at most what the API takes in one request.
 */
function batchSizeFor(memory: MemoryApi, backend: string, chosen: number | undefined): number {
  const size = chosen ?? defaultBatchSize(backend);
  return memory instanceof RemoteMemory ? Math.min(size, SERVER_BATCH_SIZE) : size;
}

/** Totals of one import. */
interface ImportTotals {
  read: number;
  added: number;
  updated: number;
  invalidated: number;
  rejected: number;
}

/**
 * `kgmem import <file> --user u`: bulk-load triples (TSV or JSON lines). Each batch is one
 * transaction. Invalid lines are reported by number and skipped while the valid ones are
 * imported (exit status 1 if any was rejected); with `--strict` the file is checked first and
 * refused whole if any line is invalid.
 */
export function registerImport(program: Command, io: CliIo): void {
  program
    .command('import')
    .description(
      'restore a kgmem export, or import triples from a TSV (subject<TAB>predicate<TAB>object) or JSONL file ("-" for stdin)',
    )
    .argument('<file>')
    .option(
      '-u, --user <id>',
      "user id (memory scope); for an export, restore under this id instead of the file's",
    )
    .option('--format <format>', 'tsv or jsonl (default: from the file extension)')
    .option(
      '--batch-size <n>',
      `triples per transaction (default ${DEFAULT_BATCH_SIZE.toLocaleString('en-US')} on the embedded store, one COPY per table each; ${SERVER_BATCH_SIZE.toLocaleString('en-US')} on Neo4j)`,
    )
    .option('--strict', 'refuse the whole file if any line is invalid')
    .option('--source <name>', 'provenance recorded on each fact (default: import:<file name>)')
    .action(async (file: string, options, command: Command) => {
      if (file !== '-' && !existsSync(file)) throw new UsageError(`no such file: ${file}`);
      const exported = readExportFile(file);
      if (exported !== undefined) {
        await withMemory(command, (memory) => restoreFile(memory, exported, options.user, file, io));
        return;
      }
      const userId = requireUser(options);
      const format = (options.format ?? formatOf(file)) as TripleFormat;
      if (format !== 'tsv' && format !== 'jsonl') throw new UsageError('--format must be tsv or jsonl');
      const chosenBatch =
        options.batchSize === undefined
          ? undefined
          : Math.max(1, intOption(options.batchSize, '--batch-size', 1));
      const source = options.source ?? `import:${file === '-' ? 'stdin' : basename(file)}`;

      if (options.strict) {
        let bad = 0;
        for await (const line of readTripleFile(file, format)) {
          if ('error' in line) {
            bad++;
            if (bad <= MAX_REJECTS_SHOWN) io.err(`line ${line.line}: ${line.error}`);
          }
        }
        if (bad > 0)
          throw new Error(`import refused: ${bad} invalid line(s) in ${file}; nothing was written`);
      }

      const total = file === '-' ? 0 : await countLines(file);
      const pool = process.env.KGMEM_BUFFER_POOL_MB ? {} : { bufferPoolSize: IMPORT_BUFFER_POOL };
      await withMemory(
        command,
        async (memory) => {
          const progress = new Progress(total, process.stderr);
          const batchSize = batchSizeFor(memory, (await memory.describe()).backend, chosenBatch);
          const totals = await importLines(memory, userId, file, format, { batchSize, source, io, progress });
          progress.finish();
          const seconds = progress.seconds;
          const rate = Math.round(totals.read / Math.max(seconds, 1e-3));
          io.out(
            `imported ${totals.read.toLocaleString('en-US')} facts for user "${userId}" in ${seconds.toFixed(1)} s ` +
              `(${rate.toLocaleString('en-US')} facts/s): ${totals.added.toLocaleString('en-US')} new, ` +
              `${totals.updated.toLocaleString('en-US')} already known, ${totals.invalidated.toLocaleString('en-US')} closed`,
          );
          if (totals.rejected > 0) {
            throw new Error(
              `${totals.rejected} invalid line(s) were rejected (listed above); the other lines were imported`,
            );
          }
        },
        pool,
      );
    });
}

/** Restores a `kgmem export` file and says what it restored, kept and could not restore. */
async function restoreFile(
  memory: MemoryApi,
  document: unknown,
  userId: string | undefined,
  file: string,
  io: CliIo,
): Promise<void> {
  const summary = await memory.importUser(document, userId === undefined ? {} : { userId });
  const { restored, kept } = summary;
  io.out(
    `restored ${restored.entities.toLocaleString('en-US')} entities, ${restored.facts.toLocaleString('en-US')} facts and ${restored.episodes.toLocaleString('en-US')} turns from ${file} into user "${summary.userId}"` +
      (kept.entities + kept.facts + kept.episodes > 0
        ? ` (already there and kept as they are: ${kept.entities} entities, ${kept.facts} facts, ${kept.episodes} turns)`
        : ''),
  );
  for (const missing of summary.lacking) io.err(`note: a ${summary.format} file lacks ${missing}`);
}

async function importLines(
  memory: MemoryApi,
  userId: string,
  file: string,
  format: TripleFormat,
  options: { batchSize: number; source: string; io: CliIo; progress: Progress },
): Promise<ImportTotals> {
  const totals: ImportTotals = { read: 0, added: 0, updated: 0, invalidated: 0, rejected: 0 };
  let batch: CheckedTriple[] = [];
  let lastLine = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    options.progress.status(
      `writing ${batch.length.toLocaleString('en-US')} facts (lines to ${lastLine.toLocaleString('en-US')})`,
    );
    const result = await memory.addTriples(userId, batch, { source: options.source, similarityMerge: false });
    totals.read += batch.length;
    totals.added += result.added;
    totals.updated += result.updated;
    totals.invalidated += result.invalidated;
    batch = [];
    options.progress.update(lastLine, 'written');
  };
  for await (const line of readTripleFile(file, format)) {
    lastLine = line.line;
    if ('error' in line) {
      totals.rejected++;
      if (totals.rejected <= MAX_REJECTS_SHOWN) options.io.err(`line ${line.line}: ${line.error}`);
      continue;
    }
    batch.push(line.triple);
    options.progress.update(lastLine, 'read');
    if (batch.length >= options.batchSize) await flush();
  }
  await flush();
  return totals;
}
