import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { liveMb, recallRandomUsers, type WriterResult, writeUsers } from './many-users.js';

/**
 * The writing half of bench/many-users.ts, in a process of its own (as an agent's process that
 * both writes and reads would be): writes every user into the data dir given as argument with the
 * defaults, recalls random users cold then warm, closes, and prints one JSON line of measurements.
 */
const [dataDir, usersText, factsText, turnsText, samplesText] = process.argv.slice(2);
const users = Number(usersText);
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const memory = await createMemory({
  dataDir: dataDir as string,
  embeddings: new HashingEmbeddings(),
  env: {},
});
const started = performance.now();
let writerPeak = mb();
await writeUsers(memory, users, Number(factsText), Number(turnsText), (u) => {
  if (u % 50 === 0) writerPeak = Math.max(writerPeak, mb());
});
const writeSeconds = (performance.now() - started) / 1000;
writerPeak = Math.max(writerPeak, mb());
// The same process then recalls random users: cold (copies not held: from their snapshot or the
// database), then warm.
const inProcess = await recallRandomUsers(memory, users, Number(samplesText));
writerPeak = Math.max(writerPeak, mb());
const writerLive = liveMb();
await memory.close();
const result: WriterResult = { writeSeconds, writerPeak, writerLive, inProcess };
console.log(JSON.stringify(result));
