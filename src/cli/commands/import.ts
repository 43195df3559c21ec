import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import type { Memory } from '../../memory/memory.js';
import type { CheckedTriple } from '../../model/triple.js';
import { type CliIo, intOption, requireUser, UsageError, withMemory } from '../context.js';
import { type ExportedFact, readExport } from '../export-file.js';
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
    .description('import triples from a TSV (subject<TAB>predicate<TAB>object) or JSONL file ("-" for stdin)')
    .argument('<file>')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--format <format>', 'tsv or jsonl (default: from the file extension)')
    .option(
      '--batch-size <n>',
      'triples per transaction (one COPY per table each)',
      String(DEFAULT_BATCH_SIZE),
    )
    .option('--strict', 'refuse the whole file if any line is invalid')
    .option('--source <name>', 'provenance recorded on each fact (default: import:<file name>)')
    .action(async (file: string, options, command: Command) => {
      const userId = requireUser(options);
      if (file !== '-' && !existsSync(file)) throw new UsageError(`no such file: ${file}`);
      const exported = readExport(file);
      if (exported) {
        await withMemory(command, (memory) => importExport(memory, userId, exported.facts, file, io));
        return;
      }
      const format = (options.format ?? formatOf(file)) as TripleFormat;
      if (format !== 'tsv' && format !== 'jsonl') throw new UsageError('--format must be tsv or jsonl');
      const batchSize = Math.max(1, intOption(options.batchSize, '--batch-size', DEFAULT_BATCH_SIZE));
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
      await withMemory(command, async (memory) => {
        const progress = new Progress(total, process.stderr);
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
      });
    });
}

/**
 * Replays a `kgmem export`: facts in the order they became true, each group at its own time (so
 * functional predicates close what they replaced), then the facts the export shows closed are
 * closed at their recorded end.
 */
async function importExport(
  memory: Memory,
  userId: string,
  facts: readonly ExportedFact[],
  file: string,
  io: CliIo,
): Promise<void> {
  const source = `import:${basename(file)}`;
  const ordered = [...facts].sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom));
  const closedAt = new Map<string, string>();
  let added = 0;
  for (let i = 0; i < ordered.length; ) {
    const at = ordered[i]?.validFrom ?? '';
    let j = i;
    while (j < ordered.length && ordered[j]?.validFrom === at) j++;
    const group = ordered.slice(i, j);
    const result = await memory.addTriples(
      userId,
      group.map((f) => ({ subject: f.subject, predicate: f.predicate, object: f.object })),
      { at, source, similarityMerge: false },
    );
    added += result.added;
    for (const [k, f] of group.entries()) {
      const uid = result.factUids[k];
      if (uid && f.validTo) closedAt.set(uid, f.validTo);
    }
    i = j;
  }
  const current = new Set((await memory.facts(userId, { limit: 1_000_000 })).map((f) => f.uid));
  let closed = 0;
  for (const [uid, validTo] of closedAt) {
    if (!current.has(uid)) continue;
    await memory.closeFact(userId, uid, { at: validTo, source });
    closed++;
  }
  io.out(
    `imported ${facts.length.toLocaleString('en-US')} exported facts for user "${userId}": ${added.toLocaleString('en-US')} new, ` +
      `${closedAt.size.toLocaleString('en-US')} with history (${closed.toLocaleString('en-US')} closed at their recorded end, the rest by the facts that replaced them)`,
  );
}

async function importLines(
  memory: Memory,
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
