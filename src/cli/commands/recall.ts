import type { Command } from 'commander';
import { isoDay } from '../../model/present.js';
import { type CliIo, intOption, requireKnownUser, requireUser, UsageError, withReader } from '../context.js';
import { formatContributions } from '../explain.js';
import { formatTable, toJson } from '../table.js';

/** `kgmem recall "<query>" --user u`: what an agent would be given. */
export function registerRecall(program: Command, io: CliIo): void {
  program
    .command('recall')
    .description('recall facts relevant to a question, as an agent would get them')
    .argument('<query>')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--hops <n>', 'graph hops from the entities in the query (1-3; default: from the question)')
    .option('--limit <n>', 'number of facts and of conversation turns', '10')
    .option('--as-of <date>', 'recall what was true at this time')
    .option('--history', 'include facts that are no longer true')
    .option('--explain', "show what each scorer added to each result's score")
    .option('--json', 'print {facts, entities, episodes, context} as JSON')
    .action(async (query: string, options, command: Command) => {
      const userId = requireUser(options);
      const hops = options.hops === undefined ? undefined : intOption(options.hops, '--hops', 2);
      if (hops !== undefined && (hops < 1 || hops > 3))
        throw new UsageError(`--hops must be 1, 2 or 3 (got ${hops})`);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const result = await memory.recall({
          userId,
          query,
          ...(hops === undefined ? {} : { hops }),
          limit: intOption(options.limit, '--limit', 10),
          includeHistory: Boolean(options.history),
          ...(options.asOf ? { asOf: options.asOf } : {}),
          ...(options.explain ? { explain: true } : {}),
        });
        if (options.json) {
          io.out(toJson(result));
          return;
        }
        if (result.facts.length === 0 && result.episodes.length === 0) {
          io.out(`Nothing remembered for "${query}" (user ${userId}).`);
          return;
        }
        if (result.facts.length > 0) {
          io.out(
            formatTable(
              ['score', 'statement', 'validFrom', 'validTo', 'hops', 'signals'],
              result.facts.map((f) => ({
                ...f,
                score: f.score.toFixed(4),
                validFrom: isoDay(f.validFrom),
                validTo: f.validTo ? isoDay(f.validTo) : '',
                signals: f.signals.join('+'),
              })),
            ),
          );
          if (options.explain) {
            io.out('\nWhat each scorer added:');
            for (const f of result.facts)
              io.out(`  ${f.score.toFixed(4)}  ${f.statement}: ${formatContributions(f.contributions)}`);
          }
        }
        if (result.episodes.length > 0) {
          io.out(`${result.facts.length > 0 ? '\n' : ''}Conversation turns:`);
          io.out(
            formatTable(
              ['score', 'at', 'thread', 'excerpt', 'signals'],
              result.episodes.map((e) => ({
                score: e.score.toFixed(4),
                at: isoDay(e.at),
                thread: e.threadId,
                excerpt: e.excerpt.replace(/\s+/g, ' '),
                signals: e.signals.join('+'),
              })),
            ),
          );
          if (options.explain) {
            io.out('\nWhat each scorer added:');
            for (const e of result.episodes)
              io.out(
                `  ${e.score.toFixed(4)}  [${isoDay(e.at)}, ${e.threadId}]: ${formatContributions(e.contributions)}`,
              );
          }
        }
        io.out(`\nContext for the prompt:\n${result.context}`);
      });
    });
}
