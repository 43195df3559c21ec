import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { isoDay } from '../../model/present.js';
import { type CliIo, withLocalMemory } from '../context.js';
import { formatTable } from '../table.js';

const DEMO_FILE = new URL('../../../examples/demo-conversations.json', import.meta.url);
/** The demo's users are its own: `demo-<name>`, replaced on every run; no other user is touched. */
export const DEMO_USER_PREFIX = 'demo-';

/**
 * `kgmem demo`: the bundled sample conversations (several users, several threads each) go
 * through `remember()` — the rule extractor offline, the model when OPENAI_API_KEY is set — then
 * it prints what is remembered per user and answers cross-thread questions by recall.
 * Its users are `demo-<name>`; re-running starts them afresh and leaves every other user alone.
 */
export function registerDemo(program: Command, io: CliIo): void {
  program
    .command('demo')
    .description('remember sample conversations of a few users and answer questions from them')
    .action(async (_options, command: Command) => {
      // The file's schema (zod) is loaded with the command, not with every other one.
      const { parseDemoFile } = await import('../demo-file.js');
      const parsed = parseDemoFile(JSON.parse(readFileSync(DEMO_FILE, 'utf8')));
      const own = (userId: string) => `${DEMO_USER_PREFIX}${userId}`;
      const demo = {
        users: parsed.users.map((u) => ({ ...u, userId: own(u.userId) })),
        questions: parsed.questions.map((q) => ({ ...q, userId: own(q.userId) })),
      };
      await withLocalMemory(command, async (memory) => {
        io.out(
          `kgmem demo — database ${memory.options.dataDir} (${memory.store.backend})\n` +
            `extractor: ${memory.extractor.description}; embeddings: ${memory.embedder.description}\n` +
            `demo users: ${demo.users.map((u) => u.userId).join(', ')} (started afresh on every run; other users are left alone)\n`,
        );
        let turns = 0;
        let requests = 0;
        let promptChars = 0;
        for (const user of demo.users) {
          await memory.forget({ userId: user.userId, all: true });
          for (const thread of user.threads) {
            for (const [i, messages] of thread.turns.entries()) {
              // Turns of a thread are a minute apart, so later facts are later in time.
              const at = new Date(Date.parse(thread.at) + i * 60_000);
              const result = await memory.remember({
                userId: user.userId,
                threadId: thread.threadId,
                messages,
                at,
              });
              turns++;
              requests += result.requests;
              promptChars += result.promptChars;
              const said = messages.find((m) => m.role === 'user')?.content ?? '';
              const outcome =
                result.status === 'failed'
                  ? `FAILED (${result.error}); kept, retry with kgmem reextract`
                  : `${result.added} new, ${result.updated} known, ${result.invalidated} closed`;
              io.out(`${user.userId} / ${thread.threadId}: "${said}" → ${outcome}`);
            }
          }
          const facts = await memory.facts(user.userId, { includeHistory: true });
          io.out(`\nWhat kgmem remembers about ${user.userId}:`);
          io.out(
            formatTable(
              ['statement', 'status', 'since', 'thread'],
              await Promise.all(
                facts.map(async (f) => ({
                  statement: f.statement,
                  status: f.validTo ? `closed ${isoDay(f.validTo)}` : 'current',
                  since: isoDay(f.validFrom),
                  thread: (await memory.listEpisodes(user.userId, { uids: f.episodeIds }))
                    .map((e) => e.threadId)
                    .join(', '),
                })),
              ),
            ),
          );
          io.out('');
        }
        for (const question of demo.questions) {
          const result = await memory.recall({ userId: question.userId, query: question.query, limit: 5 });
          io.out(`${question.userId} (${question.threadId}) asks: ${question.query}`);
          io.out(`${result.context || '(nothing relevant remembered)'}\n`);
        }
        io.out(
          `${turns} turns remembered with ${requests} model request(s)` +
            (requests > 0
              ? `, ≈${Math.round(promptChars / 4)} prompt tokens in all`
              : ' (offline rule extractor)'),
        );
        // The hints name a user the demo wrote, as `npx` finds kgmem in a clone or an install.
        const example = demo.questions[0]?.userId ?? demo.users[0]?.userId ?? '';
        io.out(`Try: npx kgmem recall "where do I live" --user ${example}    ·    npx kgmem cypher`);
        io.out(
          `See the graphs: npx kgmem serve, then open http://127.0.0.1:7700/?user=${encodeURIComponent(example)}`,
        );
      });
    });
}
