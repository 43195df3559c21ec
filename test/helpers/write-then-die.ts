import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { createMemory } from '../../src/memory/create.js';

/**
 * A process that writes and then dies without closing (SIGKILL to itself), leaving the writes
 * in the database's log: `write-then-die.ts <dataDir> <user> <first> <count>` adds facts
 * `Item <n> likes Thing <n>` for n in [first, first + count), one `addTriples` each, and prints
 * the number of writes before it dies.
 */
const [dataDir = '', user = 'u', first = '0', count = '1'] = process.argv.slice(2);
const memory = await createMemory({ dataDir, share: false, embeddings: new HashingEmbeddings(), env: {} });
const start = Number(first);
for (let n = start; n < start + Number(count); n++)
  await memory.addTriples(user, [{ subject: `Item ${n}`, predicate: 'likes', object: `Thing ${n}` }]);
process.stdout.write(`${count}\n`);
process.kill(process.pid, 'SIGKILL');
