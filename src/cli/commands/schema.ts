import type { Command } from 'commander';
import { type CliIo, UsageError, withLocalMemory } from '../context.js';
import { formatTable } from '../table.js';

/** `kgmem schema apply`: applies the schema of the configured backend and shows it. */
export function registerSchema(program: Command, io: CliIo): void {
  const schema = program.command('schema').description('database schema of the configured backend');
  schema
    .command('apply')
    .description('create the constraints and indexes (vector, full-text) if missing, and list them')
    .action(async (_options, command: Command) => {
      await withLocalMemory(command, async (memory) => {
        // Opening the memory applied the schema; applying again is idempotent and waits for indexes.
        if (memory.store.backend === 'neo4j') {
          const { Neo4jStore } = await import('../../store/neo4j/store.js');
          if (!(memory.store instanceof Neo4jStore)) throw new Error('kgmem schema: unexpected store');
          await memory.store.applySchema(memory.embedder.dimension);
          // Opening the memory applied the schema already: say what this process changed in all.
          const changes = memory.store.schemaChanges;
          const indexes = await memory.cypher(
            'SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state ORDER BY name',
          );
          io.out(
            changes.added + changes.removed === 0
              ? `schema of Neo4j at ${memory.store.options.uri} already in place: nothing changed; every index online`
              : `schema applied to Neo4j at ${memory.store.options.uri}: ${changes.added} indexes and constraints created, ${changes.removed} retired; every index online`,
          );
          io.out(formatTable(indexes.columns, indexes.rows));
        } else {
          const tables = await memory.cypher('CALL show_tables() RETURN name, type ORDER BY name');
          io.out(`schema applied to ${memory.options.databasePath} (LadybugDB)`);
          io.out(formatTable(tables.columns, tables.rows));
        }
        io.out(`embedding dimension: ${memory.embedder.dimension} (${memory.embedder.description})`);
      });
    });
  schema.action(() => {
    throw new UsageError('say what to do: kgmem schema apply');
  });
}
