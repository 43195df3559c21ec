import { join } from 'node:path';
import type { Command } from 'commander';
import { DATABASE_FILE } from '../../memory/options.js';
import { DatabaseRecoveryError } from '../../model/errors.js';
import {
  applyRecovery,
  checkDatabase,
  type DoctorReport,
  type RecoveryReport,
  recoverDatabase,
} from '../../store/ladybug/doctor.js';
import { type CliIo, findDataDir, UsageError } from '../context.js';

/**
 * `kgmem doctor`: checks the embedded database of a data dir without opening it in this process
 * (every open runs in a child process on a copy), and recovers a damaged one: `--into <dir>`
 * writes what can be read into a new data dir, `--apply` puts it in place of the damaged files
 * (kept in `<data dir>/recovery/<time>/`).
 */
export function registerDoctor(program: Command, io: CliIo): void {
  program
    .command('doctor')
    .description('check the embedded database (in a separate process) and recover a damaged one')
    .option(
      '--into <dir>',
      'recover what can be read into a new data dir (the damaged files are not changed)',
    )
    .option('--apply', 'recover and put the result in place of the damaged files (kept under recovery/)')
    .option('--json', 'print the report as JSON')
    .action(async (options: { into?: string; apply?: boolean; json?: boolean }, command: Command) => {
      if (process.env.KGMEM_STORE?.toLowerCase() === 'neo4j')
        throw new UsageError('kgmem doctor checks the embedded database; a Neo4j server has its own tools');
      const { dir, found } = findDataDir(command);
      if (!found) throw new UsageError(`there is no kgmem database at ${dir}`);
      const path = join(dir, DATABASE_FILE);
      const report = checkDatabase(path);
      if (!options.into && !options.apply) {
        if (options.json) io.out(JSON.stringify(report, null, 2));
        else printReport(io, report, dir);
        if (!report.healthy)
          throw new DatabaseRecoveryError(
            `the database at ${dir} needs recovery: ${report.problem ?? 'see above'}`,
          );
        return;
      }
      const target = options.into
        ? join(options.into, DATABASE_FILE)
        : join(dir, `.doctor-recovered-${process.pid}`, DATABASE_FILE);
      const recovery = recoverDatabase(path, target);
      const kept = options.apply ? applyRecovery(path, recovery.into) : undefined;
      if (options.json) io.out(JSON.stringify({ report, recovery, ...(kept ? { kept } : {}) }, null, 2));
      else printRecovery(io, recovery, kept, path);
    });
}

function printReport(io: CliIo, report: DoctorReport, dir: string): void {
  io.out(
    `database: ${report.path} (${megabytes(report.sizes.main)} MB, log ${megabytes(report.sizes.log)} MB)`,
  );
  io.out(`state: ${STATES[report.state]}`);
  if (report.acknowledged !== undefined) io.out(`writes acknowledged from it: ${report.acknowledged}`);
  if (report.opened) {
    io.out(`opens (tried in a separate process, on a copy) with ${report.opened.commits} writes:`);
    for (const [table, rows] of Object.entries(report.opened.counts)) io.out(`  ${table}: ${rows}`);
  }
  if (report.healthy) {
    io.out('healthy: the next open holds every acknowledged write');
    return;
  }
  io.out(`problem: ${report.problem}`);
  io.out(`to recover what can be read into a new data dir: kgmem doctor --data-dir ${dir} --into <new dir>`);
  io.out(`to recover it in place (the damaged files are kept): kgmem doctor --data-dir ${dir} --apply`);
}

function printRecovery(io: CliIo, recovery: RecoveryReport, kept: string | undefined, path: string): void {
  const from =
    recovery.source === 'with-log'
      ? 'its files with their log'
      : `its last checkpoint, with the log set aside (${recovery.logProblem ?? 'it could not be replayed'})`;
  io.out(`recovered ${path} from ${from}:`);
  for (const [table, rows] of Object.entries(recovery.recovered.counts)) io.out(`  ${table}: ${rows}`);
  io.out(`writes held: ${recovery.recovered.commits}`);
  if (recovery.lost !== undefined)
    io.out(
      recovery.lost === 0
        ? `every acknowledged write is there (${recovery.acknowledged})`
        : `lost: ${recovery.lost} of ${recovery.acknowledged} acknowledged writes (made after that checkpoint)`,
    );
  else
    io.out(
      'how many writes were acknowledged is not recorded for this database (written before kgmem kept that count)',
    );
  if (kept) io.out(`the recovered database is now in place; the damaged files are kept in ${kept}`);
  else io.out(`the recovered database is ${recovery.into}; the damaged files were not changed`);
}

const STATES: Record<DoctorReport['state'], string> = {
  clean: 'closed cleanly',
  'log-to-replay':
    'its process stopped without closing it; the log of writes since the last checkpoint is replayed at the next open',
  'checkpoint-cut-short-guarded':
    'a checkpoint was cut short; the next open restores the copy kgmem took before it (nothing is lost)',
  'checkpoint-cut-short-unguarded':
    'a LadybugDB checkpoint was cut short (a database written before kgmem guarded its checkpoints)',
  'in-use': 'open in another process',
};

function megabytes(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(1);
}
