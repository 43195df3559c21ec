import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { type CliIo, withMemory } from '../context.js';
import { formatTable } from '../table.js';

const DemoFile = z.object({
  users: z.array(
    z.object({
      userId: z.string(),
      sessions: z.array(
        z.object({
          source: z.string(),
          at: z.string(),
          triples: z.array(z.object({ subject: z.string(), predicate: z.string(), object: z.string() })),
        }),
      ),
    }),
  ),
  questions: z.array(z.object({ userId: z.string(), query: z.string() })),
});

const DEMO_FILE = new URL('../../../examples/demo-memories.json', import.meta.url);

/**
 * `kgmem demo`: loads the bundled sample memories (several users, several conversations each)
 * into the configured database, shows what is remembered per user and answers cross-thread
 * questions by recall. Runs offline; re-running starts the demo users afresh.
 */
export function registerDemo(program: Command, io: CliIo): void {
  program
    .command('demo')
    .description('load sample memories for a few users and answer questions from them (offline)')
    .action(async (_options, command: Command) => {
      const demo = DemoFile.parse(JSON.parse(readFileSync(DEMO_FILE, 'utf8')));
      await withMemory(command, async (memory) => {
        io.out(
          `kgmem demo — database ${memory.options.dataDir} (${memory.store.backend}), embeddings ${memory.embedder.description}\n`,
        );
        for (const user of demo.users) {
          await memory.forget({ userId: user.userId, all: true });
          for (const session of user.sessions) {
            const result = await memory.addTriples(user.userId, session.triples, {
              source: session.source,
              at: session.at,
            });
            io.out(
              `${user.userId} / ${session.source}: ${result.added} new, ${result.updated} already known, ` +
                `${result.invalidated} closed`,
            );
          }
          const facts = await memory.facts(user.userId, { includeHistory: true });
          io.out(`\nWhat kgmem remembers about ${user.userId}:`);
          io.out(
            formatTable(
              ['statement', 'status', 'since', 'sources'],
              facts.map((f) => ({
                statement: f.statement,
                status: f.validTo ? `closed ${f.validTo.toISOString().slice(0, 10)}` : 'current',
                since: f.validFrom.toISOString().slice(0, 10),
                sources: f.episodeIds.join(', '),
              })),
            ),
          );
          io.out('');
        }
        for (const question of demo.questions) {
          const result = await memory.recall({ userId: question.userId, query: question.query, limit: 5 });
          io.out(`${question.userId} asks: ${question.query}`);
          io.out(`${result.context || '(nothing relevant remembered)'}\n`);
        }
        io.out('Try: kgmem recall "where do I live" --user sasako    ·    kgmem cypher');
      });
    });
}
