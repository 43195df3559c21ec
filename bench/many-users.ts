import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Memory } from '../src/memory/memory.js';
import { LadybugStore } from '../src/store/ladybug/store.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

/** What {@link benchManyUsers} measures. */
export interface ManyUsersOptions {
  users?: number;
  factsPerUser?: number;
  turnsPerUser?: number;
  /** Users recalled cold then warm. */
  samples?: number;
}

const CITIES = [
  'Lisbon',
  'Porto',
  'Ghent',
  'Kyoto',
  'Osaka',
  'Seattle',
  'Portland',
  'Lyon',
  'Turin',
  'Austin',
];
const THINGS = ['tea', 'jazz', 'chess', 'cello', 'rowing', 'pizza', 'ramen', 'hiking', 'poetry', 'cycling'];
const RELATIONS = ['knows', 'likes', 'visited', 'works_with', 'lives_near', 'recommended', 'plays', 'owns'];

/** One user's facts: their own, and their friends' (150 by default), deterministic per user. */
function factsOf(user: number, count: number) {
  const triples = [];
  for (let i = 0; triples.length < count; i++) {
    const friend = `Friend ${user}-${i % 40}`;
    const relation = RELATIONS[i % RELATIONS.length] as string;
    const object =
      i % 3 === 0
        ? (CITIES[(user + i) % CITIES.length] as string)
        : `${THINGS[(user * 7 + i) % THINGS.length]} ${i % 17}`;
    triples.push({ subject: i % 5 === 0 ? 'I' : friend, predicate: relation, object });
  }
  return triples;
}

/** Writes `users` users' facts (addTriples) and turns (remember, triples given), user by user. */
export async function writeUsers(
  memory: Memory,
  users: number,
  factsPerUser: number,
  turnsPerUser: number,
  onUser: (index: number) => void = () => {},
): Promise<void> {
  for (let u = 0; u < users; u++) {
    const userId = `user-${u}`;
    await memory.addTriples(userId, factsOf(u, factsPerUser), { at: '2026-01-01T00:00:00Z' });
    for (let t = 0; t < turnsPerUser; t++) {
      await memory.remember({
        userId,
        threadId: `thread-${t % 4}`,
        at: new Date(Date.UTC(2026, 0, 2 + t)),
        messages: [
          {
            role: 'user',
            content: `Day ${t}: met Friend ${u}-${t} in ${CITIES[(u + t) % CITIES.length]} and we talked about ${THINGS[(u + t) % THINGS.length]}.`,
          },
        ],
        triples: [],
      });
    }
    onUser(u);
  }
}

/**
 * Many users in one process (#31): a writing process of its own writes `users` × (`factsPerUser`
 * facts by addTriples + `turnsPerUser` stored turns) and recalls random users; then a serving
 * process of its own recalls random users, each first cold (not held in process) then warm; both
 * report resident memory at the default `cacheLimit`.
 */
export async function benchManyUsers(options: ManyUsersOptions = {}): Promise<string> {
  const users = options.users ?? 1000;
  const factsPerUser = options.factsPerUser ?? 150;
  const turnsPerUser = options.turnsPerUser ?? 20;
  const samples = options.samples ?? 300;
  const dir = tempDir('kgmem-bench-users-');
  try {
    // The writing process and the serving process each run on their own, as they would in use
    // (and so that what other bench sections left in this process is not counted).
    const child = async (script: string, args: readonly number[]) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          fileURLToPath(new URL(script, import.meta.url)),
          dir.path,
          ...args.map(String),
        ],
        { maxBuffer: 16 * 2 ** 20 },
      );
      return JSON.parse(stdout.trim().split('\n').at(-1) as string);
    };
    const written = (await child('./many-users-writer.ts', [
      users,
      factsPerUser,
      turnsPerUser,
      samples,
    ])) as WriterResult;
    const { writeSeconds, writerPeak, writerLive, inProcess } = written;
    const served = (await child('./many-users-reader.ts', [users, samples])) as ReaderResult;
    const row = (what: string, value: string | number) => ({ what, value });
    return [
      `### Many users in one process (${users.toLocaleString('en-US')} users × (${factsPerUser} facts + ${turnsPerUser} turns), default cacheLimit)`,
      '',
      markdownTable([
        row('write (addTriples + remember, one process), s', writeSeconds.toFixed(0)),
        row('the writing process, then recalling: resident memory, peak sampled, MB', writerPeak),
        row('  its resident memory after a full garbage collection, MB', writerLive),
        row(
          `  its cold / warm recall p95 ms (${samples} random users not held in process, then again)`,
          `${inProcess.coldP95.toFixed(1)} / ${inProcess.warmP95.toFixed(1)}`,
        ),
        row(
          '  its cold / warm recall p50 ms',
          `${inProcess.coldP50.toFixed(1)} / ${inProcess.warmP50.toFixed(1)}`,
        ),
        row('a fresh serving process: resident memory after opening, MB', served.afterOpen),
        row(
          `  its resident memory after recalling all ${users.toLocaleString('en-US')} users, MB`,
          served.afterAll,
        ),
        row('  its resident memory, peak sampled, MB', served.peak),
        row('  its resident memory after a full garbage collection, MB', served.afterGc),
        row(
          '  users held in process at the end (their copies, MB)',
          `${served.heldUsers} (${served.heldMb})`,
        ),
        row(
          `  its cold / warm recall p95 ms (${samples} random users, first recall in the process, then again)`,
          `${served.coldP95.toFixed(1)} / ${served.warmP95.toFixed(1)}`,
        ),
        row('  its cold / warm recall p50 ms', `${served.coldP50.toFixed(1)} / ${served.warmP50.toFixed(1)}`),
        row(
          `  its cold / warm profile read p95 ms (${samples} other random users, first read in the process, then again)`,
          `${served.profileColdP95.toFixed(1)} / ${served.profileWarmP95.toFixed(1)}`,
        ),
        row(
          '  its cold / warm profile read p50 ms',
          `${served.profileColdP50.toFixed(1)} / ${served.profileWarmP50.toFixed(1)}`,
        ),
      ]),
      '',
      `The writing process is an agent's process that writes every user (\`addTriples\`, then \`remember()\` of each turn with its triples given), then recalls ${samples} random users it no longer holds, each at once again. The serving process opens the memory afresh, as \`kgmem serve\` or an MCP server would, recalls ${samples} random users cold then warm, reads ${samples} other users' profiles, then recalls every user once. Each is a process of its own with the defaults (offline embedder); resident memory is the whole process's, the embedded database's native memory included, sampled every 50 users and after each phase.`,
    ].join('\n');
  } finally {
    dir.remove();
  }
}

/** Recalls `samples` random users not held in process (cold), each again at once (warm). */
export async function recallRandomUsers(
  memory: Memory,
  users: number,
  samples: number,
): Promise<{ coldP50: number; coldP95: number; warmP50: number; warmP95: number }> {
  const questions = [
    'Where do I live?',
    'Who do I work with?',
    'What do I like?',
    'Which cities did I visit?',
  ];
  const store = memory.store instanceof LadybugStore ? memory.store : undefined;
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const cold: number[] = [];
  const warm: number[] = [];
  const touched = new Set<string>();
  for (let i = 0; i < samples && touched.size < users; i++) {
    const held = new Set(store?.cachedUsers().users ?? []);
    let userId = `user-${Math.floor(random() * users)}`;
    for (let tries = 0; (touched.has(userId) || held.has(userId)) && tries < 10 * users; tries++)
      userId = `user-${Math.floor(random() * users)}`;
    touched.add(userId);
    let t = performance.now();
    await memory.recall({ userId, query: questions[i % questions.length] as string });
    cold.push(performance.now() - t);
    t = performance.now();
    await memory.recall({ userId, query: questions[(i + 1) % questions.length] as string });
    warm.push(performance.now() - t);
  }
  return {
    coldP50: quantile(cold, 0.5),
    coldP95: quantile(cold, 0.95),
    warmP50: quantile(warm, 0.5),
    warmP95: quantile(warm, 0.95),
  };
}

/** Resident memory after a full garbage collection (what is live, not what V8 has yet to collect). */
export function liveMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return Math.round(process.memoryUsage().rss / 2 ** 20);
}

/** What the writing process reports (bench/many-users-writer.ts). */
export interface WriterResult {
  writeSeconds: number;
  writerPeak: number;
  writerLive: number;
  inProcess: { coldP50: number; coldP95: number; warmP50: number; warmP95: number };
}

interface ReaderResult {
  afterGc: number;
  afterOpen: number;
  afterAll: number;
  peak: number;
  heldUsers: number;
  heldMb: number;
  coldP50: number;
  coldP95: number;
  warmP50: number;
  warmP95: number;
  profileColdP50: number;
  profileColdP95: number;
  profileWarmP50: number;
  profileWarmP95: number;
}
