import type { Command } from 'commander';
import { type CliIo, requireKnownUser, requireUser, withMemory, withReader } from '../context.js';
import { formatTable, toJson } from '../table.js';

/**
 * `kgmem merge <keep> <other> --user u`, `kgmem split <entity> <alias> --user u` and
 * `kgmem merges --user u`: two entities that are one thing become one, and back.
 */
export function registerMerge(program: Command, io: CliIo): void {
  program
    .command('merge')
    .description(
      'merge two entities that are one thing: every fact of <other> moves to <keep>, its names become aliases',
    )
    .argument('<keep>', 'the entity that stays (name, alias or uid)')
    .argument('<other>', 'the entity merged into it (name, alias or uid)')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--reason <text>', 'why, kept with the merge record')
    .option('--json', 'print the result as JSON')
    .action(async (keep: string, other: string, options, command: Command) => {
      const userId = requireUser(options);
      await withMemory(command, async (memory) => {
        const result = await memory.mergeEntities(userId, keep, other, {
          ...(options.reason ? { reason: options.reason } : {}),
        });
        if (options.json) return io.out(toJson(result));
        io.out(
          `merged "${other}" into "${result.entity.name}": ${result.moved} facts moved` +
            ` (${result.absorbed} counted into a fact that said the same, ${result.closed} closed by a later value)`,
        );
        io.out(`"${result.entity.name}" is also called: ${result.entity.aliases.join(', ')}`);
        io.out(
          `undo: kgmem split "${result.entity.name}" "${other}" --user ${userId}   (merge ${result.mergeId})`,
        );
      });
    });

  program
    .command('split')
    .description('split an alias off an entity into an entity of its own (undoes the merge that brought it)')
    .argument('<entity>', 'the entity (name, alias or uid)')
    .argument('<alias>', 'the alias to split off')
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--json', 'print the result as JSON')
    .action(async (entity: string, alias: string, options, command: Command) => {
      const userId = requireUser(options);
      await withMemory(command, async (memory) => {
        const result = await memory.splitEntity(userId, entity, alias);
        if (options.json) return io.out(toJson(result));
        const how = result.undid ? `undid merge ${result.undid}` : 'the alias joined as it was written';
        io.out(
          `split "${result.entity.name}" off "${result.from.name}": ${result.moved} facts moved (${how}); uid ${result.entity.uid}`,
        );
      });
    });

  program
    .command('merges')
    .description(
      "list a user's merges (by hand, and names that joined an entity as written), oldest first, and whether a split undid them",
    )
    .option('-u, --user <id>', 'user id (memory scope)')
    .option('--json', 'print the merge records (with what each changed) as JSON')
    .action(async (options, command: Command) => {
      const userId = requireUser(options);
      await withReader(command, async (memory) => {
        await requireKnownUser(memory, userId);
        const records = await memory.merges(userId);
        if (options.json) return io.out(toJson(records));
        if (records.length === 0) return io.out(`no merges by hand for user "${userId}"`);
        io.out(
          formatTable(
            ['at', 'merged', 'into', 'moved', 'reason', 'undone', 'id'],
            records.map((r) =>
              r.kind === 'merge'
                ? {
                    at: r.at,
                    merged: r.other.name,
                    into: r.keepName,
                    moved: String(r.moved.length),
                    reason: r.reason,
                    undone: r.undoneAt ?? '',
                    id: r.id,
                  }
                : {
                    at: r.at,
                    merged: r.name,
                    into: r.entityName,
                    moved: '',
                    reason: `${r.reason} (as written)`,
                    undone: r.undoneAt ?? '',
                    id: r.id,
                  },
            ),
          ),
        );
      });
    });
}
