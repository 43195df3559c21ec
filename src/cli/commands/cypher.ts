import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import type { MemoryApi } from '../../memory/api.js';
import { CypherError } from '../../model/errors.js';
import { stripComments } from '../../store/cypher-files.js';
import { type CliIo, findDataDir, UsageError, withMemory, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

const HISTORY_FILE = 'cypher_history';
const HISTORY_SIZE = 500;
/** How long a console statement may run before it is stopped (`:timeout`, `--timeout`). */
const DEFAULT_TIMEOUT_SECONDS = 120;

/** Parses `--param k=v` values: JSON when it parses (numbers, booleans, lists), else the raw string. */
export function parseParam(text: string, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--param expects name=value (got "${text}")`);
  const name = text.slice(0, eq).trim();
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // a bare string such as alice or 2026-01-01
  }
  return { ...previous, [name]: value };
}

/**
 * `kgmem cypher`: a Cypher console on the configured backend. `-e` runs one statement,
 * `-f` runs a file, otherwise an interactive prompt with history; statements end with `;`.
 */
export function registerCypher(program: Command, io: CliIo): void {
  program
    .command('cypher')
    .description('Cypher console on the configured database (interactive, -e "<statement>" or -f file)')
    .option('-e, --execute <statement>', 'run one statement and exit')
    .option('-f, --file <file>', 'run the statement in a file and exit')
    .option('-p, --param <name=value>', 'query parameter (repeatable)', parseParam, {})
    .option('--json', 'print rows as JSON')
    .option(
      '--timeout <seconds>',
      'stop a statement that runs longer than this',
      String(DEFAULT_TIMEOUT_SECONDS),
    )
    .action(async (options, command: Command) => {
      if (options.execute && options.file) throw new UsageError('use either -e or -f, not both');
      const params = options.param as Record<string, unknown>;
      const timeoutSeconds = Number(options.timeout);
      if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
        throw new UsageError(`--timeout must be a positive number of seconds (got "${options.timeout}")`);
      const settings: ConsoleSettings = { json: Boolean(options.json), timeoutMs: timeoutSeconds * 1000 };
      if (options.execute || options.file) {
        const statement = options.execute ?? stripComments(readFileSync(options.file, 'utf8'));
        // Through a running kgmem serve when it holds the data dir (reads; writes with its token).
        await withReader(command, (memory) => runOne(memory, statement, params, settings, io));
        return;
      }
      const { dir } = findDataDir(command);
      await withMemory(command, (memory) => repl(memory, dir, params, settings, io));
    });
}

/** How the console prints and guards statements. */
interface ConsoleSettings {
  json: boolean;
  timeoutMs: number;
}

async function runOne(
  memory: MemoryApi,
  statement: string,
  params: Record<string, unknown>,
  settings: ConsoleSettings,
  io: CliIo,
): Promise<void> {
  const trimmed = statement.trim().replace(/;\s*$/, '');
  const result = await memory.cypher(trimmed, params, { timeoutMs: settings.timeoutMs });
  io.out(settings.json ? toJson(result.rows) : formatTable(result.columns, result.rows));
}

async function repl(
  memory: MemoryApi,
  dataDir: string,
  initialParams: Record<string, unknown>,
  initialSettings: ConsoleSettings,
  io: CliIo,
): Promise<void> {
  const settings = { ...initialSettings };
  const historyPath = join(dataDir, HISTORY_FILE);
  // The history lives in the data dir, which a server backend (Neo4j) may not have made yet; a
  // history that cannot be written is said once and never ends the session.
  let historyBroken = false;
  const remember = (statement: string) => {
    if (historyBroken) return;
    try {
      mkdirSync(dataDir, { recursive: true });
      appendFileSync(historyPath, `${statement.replace(/\n/g, ' ')}\n`);
    } catch (error) {
      historyBroken = true;
      io.err(
        `note: the console history cannot be kept in ${historyPath} (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  };
  const history = existsSync(historyPath)
    ? readFileSync(historyPath, 'utf8').split('\n').filter(Boolean).slice(-HISTORY_SIZE).reverse()
    : [];
  const rl = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: Boolean(process.stdin.isTTY),
    history,
    historySize: HISTORY_SIZE,
    prompt: 'kgmem> ',
  });
  let params = { ...initialParams };
  let buffer = '';
  // Ctrl-C drops the statement being typed (Ctrl-D or :quit leaves). A running statement cannot
  // be interrupted through Ladybug's Node driver; it stops at the console's timeout instead.
  rl.on('SIGINT', () => {
    buffer = '';
    rl.write(null, { ctrl: true, name: 'u' });
    io.out('^C (statement cleared; Ctrl-D or :quit leaves)');
    rl.setPrompt('kgmem> ');
    rl.prompt();
  });
  const { backend, location } = await memory.describe();
  io.out(
    `kgmem Cypher console on ${backend} (${location}). ` +
      'End statements with ";". :help for commands, Ctrl-C clears a statement, Ctrl-D or :quit leaves.',
  );
  rl.prompt();
  for await (const line of rl) {
    const text = line.trim();
    if (buffer === '' && text.startsWith(':')) {
      const [command, ...rest] = text.split(/\s+/);
      if (command === ':quit' || command === ':exit' || command === ':q') break;
      if (command === ':help') {
        io.out(
          [
            ':param name=value    set a parameter ($name)',
            ':params             show parameters',
            ':format json|table  how rows are printed (table shortens long values; json shows them whole)',
            `:timeout <seconds>  stop statements running longer (now ${settings.timeoutMs / 1000})`,
            ':quit               leave (or Ctrl-D)',
          ].join('\n'),
        );
      } else if (command === ':format') {
        if (rest[0] === 'json' || rest[0] === 'table') {
          settings.json = rest[0] === 'json';
          io.out(`rows print as ${rest[0]}`);
        } else io.err(':format takes json or table');
      } else if (command === ':timeout') {
        const seconds = Number(rest[0]);
        if (Number.isFinite(seconds) && seconds > 0) {
          settings.timeoutMs = seconds * 1000;
          io.out(`statements stop after ${seconds} s`);
        } else io.err(':timeout takes a positive number of seconds');
      } else if (command === ':param') {
        try {
          params = parseParam(rest.join(' '), params);
        } catch (error) {
          io.err(error instanceof Error ? error.message : String(error));
        }
      } else if (command === ':params') {
        io.out(toJson(params));
      } else {
        io.err(`unknown command ${command}; try :help`);
      }
      rl.prompt();
      continue;
    }
    buffer = buffer ? `${buffer}\n${line}` : line;
    if (!text.endsWith(';')) {
      if (buffer.trim().length > 0) rl.setPrompt('   ...> ');
      rl.prompt();
      continue;
    }
    const statement = buffer;
    buffer = '';
    rl.setPrompt('kgmem> ');
    remember(statement);
    try {
      await runOne(memory, statement, params, settings, io);
    } catch (error) {
      // The console keeps running after a bad statement.
      const message = error instanceof Error ? error.message : String(error);
      io.err(error instanceof CypherError ? `Cypher error: ${message}` : `error: ${message}`);
    }
    rl.prompt();
  }
  rl.close();
}
