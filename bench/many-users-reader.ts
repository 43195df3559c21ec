import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { LadybugStore } from '../src/store/ladybug/store.js';
import { quantile } from './stats.js';

/**
 * The serving half of bench/many-users.ts, in a process of its own (as a `kgmem serve` or an
 * agent's process would be): opens the data dir given as argument with the defaults, recalls
 * random users cold then warm, reads other users' profiles cold then warm, then recalls every user once; prints one JSON line of measurements.
 */
const [dataDir, usersText, samplesText] = process.argv.slice(2);
const users = Number(usersText);
const samples = Number(samplesText);
const QUESTIONS = [
  'Where do I live?',
  'Who do I work with?',
  'What do I like?',
  'Which cities did I visit?',
  'What did my friends recommend?',
];
const mb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const memory = await createMemory({
  dataDir: dataDir as string,
  embeddings: new HashingEmbeddings(),
  env: {},
});
const afterOpen = mb();
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const cold: number[] = [];
const warm: number[] = [];
const touched = new Set<string>();
for (let i = 0; i < samples; i++) {
  let userId = `user-${Math.floor(random() * users)}`;
  while (touched.has(userId)) userId = `user-${Math.floor(random() * users)}`;
  touched.add(userId);
  let t = performance.now();
  await memory.recall({ userId, query: QUESTIONS[i % QUESTIONS.length] as string });
  cold.push(performance.now() - t);
  t = performance.now();
  await memory.recall({ userId, query: QUESTIONS[(i + 1) % QUESTIONS.length] as string });
  warm.push(performance.now() - t);
}
// Profiles of other users, first read in the process (cold), then again (warm).
const profileCold: number[] = [];
const profileWarm: number[] = [];
for (let i = 0; i < samples && touched.size < users; i++) {
  let userId = `user-${Math.floor(random() * users)}`;
  while (touched.has(userId)) userId = `user-${Math.floor(random() * users)}`;
  touched.add(userId);
  let t = performance.now();
  await memory.profile(userId);
  profileCold.push(performance.now() - t);
  t = performance.now();
  await memory.profile(userId);
  profileWarm.push(performance.now() - t);
}
let peak = mb();
for (let u = 0; u < users; u++) {
  await memory.recall({ userId: `user-${u}`, query: 'What do I like?' });
  if (u % 50 === 0) peak = Math.max(peak, mb());
}
const afterAll = mb();
(globalThis as { gc?: () => void }).gc?.();
const afterGc = mb();
const { heapUsed, external } = process.memoryUsage();
const held = memory.store instanceof LadybugStore ? memory.store.cachedUsers() : { users: [], bytes: 0 };
await memory.close();
console.log(
  JSON.stringify({
    afterOpen,
    afterAll,
    afterGc,
    peak: Math.max(peak, afterAll),
    heapMb: Math.round(heapUsed / 2 ** 20),
    externalMb: Math.round(external / 2 ** 20),
    heldUsers: held.users.length,
    heldMb: Math.round(held.bytes / 2 ** 20),
    coldP50: quantile(cold, 0.5),
    coldP95: quantile(cold, 0.95),
    warmP50: quantile(warm, 0.5),
    warmP95: quantile(warm, 0.95),
    profileColdP50: quantile(profileCold, 0.5),
    profileColdP95: quantile(profileCold, 0.95),
    profileWarmP50: quantile(profileWarm, 0.5),
    profileWarmP95: quantile(profileWarm, 0.95),
  }),
);
