import { Command, CommanderError } from 'commander';
import { KgmemError } from '../model/errors.js';
import { registerAdd } from './commands/add.js';
import { registerCorrect } from './commands/correct.js';
import { registerCypher } from './commands/cypher.js';
import { registerDemo } from './commands/demo.js';
import { registerDoctor } from './commands/doctor.js';
import { registerEntities } from './commands/entities.js';
import { registerEntity } from './commands/entity.js';
import { registerEpisodes } from './commands/episodes.js';
import { registerExport } from './commands/export.js';
import { registerFacts } from './commands/facts.js';
import { registerForget } from './commands/forget.js';
import { registerImport } from './commands/import.js';
import { registerInstructions } from './commands/instructions.js';
import { registerMcp } from './commands/mcp.js';
import { registerMerge } from './commands/merge.js';
import { registerPath } from './commands/path.js';
import { registerProfile } from './commands/profile.js';
import { registerRecall } from './commands/recall.js';
import { registerReembed } from './commands/reembed.js';
import { registerRemember } from './commands/remember.js';
import { registerSchema } from './commands/schema.js';
import { registerServe } from './commands/serve.js';
import { registerServeModel } from './commands/serve-model.js';
import { type CliIo, UsageError } from './context.js';

/** Exit statuses of the `kgmem` command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

// A reader that stops early (`kgmem facts | head`) closes the pipe: that is not an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const defaultIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Builds the `kgmem` program. */
export function buildProgram(io: CliIo = defaultIo): Command {
  const program = new Command('kgmem')
    .description('long-term memory for LLM agents, kept as a knowledge graph')
    .version('0.1.0')
    .option(
      '--data-dir <dir>',
      'database folder (env KGMEM_DATA_DIR; default: the nearest .kgmem in this folder or a parent, else ./.kgmem)',
    )
    .option(
      '--server <url>',
      'send read commands to this running kgmem serve (env KGMEM_SERVER; token from KGMEM_TOKEN)',
    )
    .option('--debug', 'print stack traces on errors')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    });
  for (const register of [
    registerRemember,
    registerImport,
    registerAdd,
    registerRecall,
    registerFacts,
    registerProfile,
    registerInstructions,
    registerEntities,
    registerEntity,
    registerPath,
    registerEpisodes,
    registerCorrect,
    registerExport,
    registerForget,
    registerMerge,
    registerCypher,
    registerReembed,
    registerDoctor,
    registerSchema,
    registerServe,
    registerServeModel,
    registerMcp,
    registerDemo,
  ]) {
    register(program, io);
  }
  for (const command of program.commands) command.exitOverride();
  return program;
}

/**
 * Runs the command line and returns the exit status: 0 ok, 1 failure, 2 usage error. Errors
 * are one line on stderr; `--debug` adds the stack.
 */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
      if (error.code === 'commander.help') return EXIT.ok;
      return EXIT.usage;
    }
    const debug = argv.includes('--debug');
    io.err(`kgmem: ${userMessage(error)}`);
    if (debug && error instanceof Error && error.stack) io.err(error.stack);
    if (error instanceof UsageError || (error instanceof KgmemError && error.name === 'InvalidInputError')) {
      return EXIT.usage;
    }
    return EXIT.failure;
  }
}

// The library's names of what a command's flags carry, as the command line spells them.
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  asOf: '--as-of',
  factLimit: '--fact-limit',
  maxHops: '--max-hops',
  maxChars: '--max-chars',
  threadId: '--thread',
  userId: '--user',
};

/**
 * An error as a user reads it: the library's own method name that starts its messages
 * ("Memory.recall: …", "Memory.addTriples (triple #2): …") means nothing on the command line and
 * is left out (what it says of which item stays), and a field named as the library calls it
 * ("asOf must be a date") is named by its flag ("--as-of must be a date").
 */
export function userMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .replace(/^(?:[A-Z][A-Za-z]*\.[a-zA-Z]+(?: \(([^)]*)\))?|[A-Z][A-Za-z]*Store): /, (_, item?: string) =>
      item ? `${item}: ` : '',
    )
    .replace(
      /\b(asOf|factLimit|maxHops|maxChars|threadId|userId)\b(?= must| is )/g,
      (field: string) => FLAG_OF_FIELD[field] ?? field,
    );
}
