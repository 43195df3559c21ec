import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { type ServeProcess, startServe } from '../test/helpers/serve.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { neo4jConnection } from './local-neo4j.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

/** How one mixed-load run goes. */
export interface MixedLoadOptions {
  clients: number;
  seconds: number;
  /** Users the clients share (each round of the mix is on one): several clients write one user at once. */
  users: number;
  /** `neo4j`: the server runs on the Neo4j of NEO4J_URI (emptied first); else the embedded store. */
  backend: 'ladybug' | 'neo4j';
  /** Kill the server with SIGKILL halfway, restart it on the same data and go on. */
  killHalfway?: boolean;
}

type Kind = 'recall' | 'triples' | 'remember';

// Three recalls to one write, the writes alternating addTriples (3 facts) and remember (a turn).
const MIX: readonly Kind[] = [
  'recall',
  'recall',
  'recall',
  'triples',
  'recall',
  'recall',
  'recall',
  'remember',
];
const QUESTIONS = [
  'Where do I live?',
  'What do I collect?',
  'Who are my friends?',
  'What did I say about the harbour?',
];
const TOKEN = 'mixed-load-token';

interface RunResult {
  row: Record<string, string | number>[];
  note: string;
}

/**
 * `kgmem serve` under mixed load (#52): `clients` closed-loop clients for `seconds` against a
 * fresh memory (3 recalls to 1 write over `users` shared users), resident memory of the server
 * sampled each second; optionally killed with SIGKILL halfway and restarted. With the server
 * stopped, every acknowledged write (2xx) is looked for in the store: each triple as a current
 * fact, each turn as a stored episode.
 */
export async function mixedLoadRun(options: MixedLoadOptions): Promise<RunResult> {
  const dir = tempDir('kgmem-bench-mixed-');
  const env = options.backend === 'neo4j' ? { KGMEM_STORE: 'neo4j' } : { KGMEM_STORE: 'ladybug' };
  if (options.backend === 'neo4j') await emptyNeo4j();
  let serve: ServeProcess = await startServe(dir.path, ['--token', TOKEN], env);
  const acknowledged = {
    facts: [] as { user: string; object: string }[],
    turns: [] as { user: string; uid: string }[],
  };
  const latencies = new Map<Kind, number[]>(MIX.map((k) => [k, []]));
  const statuses = new Map<string, number>();
  const rss: number[] = [];
  const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
  try {
    for (let u = 0; u < options.users; u++) {
      const seeded = await fetch(`${serve.url}api/users/user-${u}/triples`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ triples: [{ subject: 'I', predicate: 'lives_in', object: 'Harbour Town' }] }),
      });
      if (!seeded.ok) throw new Error(`seeding user-${u} failed: HTTP ${seeded.status}`);
    }
    let next = 0;
    let restarting: Promise<void> | undefined;
    const send = async (i: number): Promise<void> => {
      const kind = MIX[i % MIX.length] as Kind;
      const user = `user-${Math.floor(i / MIX.length) % options.users}`;
      await restarting;
      const api = `${serve.url}api/users/${user}`;
      const started = performance.now();
      let status = 'refused';
      try {
        let response: Response;
        if (kind === 'recall')
          response = await fetch(
            `${api}/recall?q=${encodeURIComponent(QUESTIONS[i % QUESTIONS.length] as string)}`,
          );
        else if (kind === 'triples') {
          const objects = [0, 1, 2].map((k) => `stamp ${i}-${k}`);
          response = await fetch(`${api}/triples`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              triples: objects.map((object) => ({ subject: 'I', predicate: 'collects', object })),
            }),
          });
          if (response.ok) for (const object of objects) acknowledged.facts.push({ user, object });
        } else {
          response = await fetch(`${api}/remember`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              threadId: `t${i % 3}`,
              messages: [
                { role: 'user', content: `Turn ${i}: I walked by the harbour and I live in City ${i % 7}.` },
              ],
            }),
          });
          if (response.ok)
            acknowledged.turns.push({
              user,
              uid: ((await response.clone().json()) as { episodeUid: string }).episodeUid,
            });
        }
        await response.arrayBuffer();
        status = String(response.status);
      } catch {
        // A request cut by the kill: not acknowledged, counted as refused.
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      latencies.get(kind)?.push(performance.now() - started);
    };
    const began = performance.now();
    const deadline = began + options.seconds * 1000;
    const sampler = setInterval(() => {
      const mb = residentMb(serve.child.pid);
      if (mb > 0) rss.push(mb);
    }, 1000);
    const killer = options.killHalfway
      ? setTimeout(
          () => {
            restarting = (async () => {
              serve.child.kill('SIGKILL');
              await new Promise((done) => serve.child.once('exit', done));
              serve = await startServe(dir.path, ['--token', TOKEN], env);
            })();
          },
          (options.seconds * 1000) / 2,
        )
      : undefined;
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (performance.now() < deadline) await send(next++);
      }),
    );
    clearInterval(sampler);
    if (killer) clearTimeout(killer);
    await restarting;
    const elapsed = (performance.now() - began) / 1000;
    await serve.stop();

    const missing = await countMissing(dir.path, env, options.users, acknowledged);
    const all = [...latencies.values()].flat();
    const half = rss.slice(Math.floor(rss.length / 2));
    const row = (kind: string, times: number[]) => ({
      backend: options.backend,
      clients: options.clients,
      request: kind,
      requests: times.length,
      'requests/s': (times.length / elapsed).toFixed(1),
      'p50 ms': quantile(times, 0.5).toFixed(1),
      'p95 ms': quantile(times, 0.95).toFixed(1),
      'p99 ms': quantile(times, 0.99).toFixed(1),
    });
    const statusText = [...statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
    return {
      row: [
        ...(['recall', 'triples', 'remember'] as const).map((k) => row(k, latencies.get(k) ?? [])),
        row('all', all),
      ],
      note: `${options.backend}, ${options.clients} clients${options.killHalfway ? ', killed with SIGKILL halfway and restarted' : ''}: statuses ${statusText}; server resident memory ${Math.min(...rss)}–${Math.max(...rss)} MB (second half ${Math.min(...half)}–${Math.max(...half)} MB); acknowledged writes found afterwards ${acknowledged.facts.length - missing.facts} of ${acknowledged.facts.length} facts and ${acknowledged.turns.length - missing.turns} of ${acknowledged.turns.length} turns (${missing.facts + missing.turns} lost).`,
    };
  } finally {
    await serve.stop().catch(() => undefined);
    dir.remove();
  }
}

/** The acknowledged writes the store does not hold (the server stopped). */
async function countMissing(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  users: number,
  acknowledged: { facts: { user: string; object: string }[]; turns: { user: string; uid: string }[] },
): Promise<{ facts: number; turns: number }> {
  const memory = await createMemory({
    dataDir,
    embeddings: new HashingEmbeddings(),
    env: { ...process.env, ...env },
  });
  const missing = { facts: 0, turns: 0 };
  try {
    for (let u = 0; u < users; u++) {
      const user = `user-${u}`;
      const facts = await memory.facts(user, { predicate: 'collects', limit: 1_000_000 });
      const stored = new Set(facts.map((f) => f.object));
      missing.facts += acknowledged.facts.filter((f) => f.user === user && !stored.has(f.object)).length;
      const turns = new Set((await memory.listEpisodes(user)).map((e) => e.uid));
      missing.turns += acknowledged.turns.filter((t) => t.user === user && !turns.has(t.uid)).length;
    }
  } finally {
    await memory.close();
  }
  return missing;
}

/** Resident memory of a process in MB (Linux), or 0. */
function residentMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : 0;
  } catch {
    return 0;
  }
}

async function emptyNeo4j(): Promise<void> {
  const { Neo4jStore } = await import('../src/store/neo4j/store.js');
  const store = new Neo4jStore({
    uri: process.env.NEO4J_URI as string,
    user: process.env.NEO4J_USER ?? 'neo4j',
    password: process.env.NEO4J_PASSWORD ?? '',
  });
  await store.open(256, { reembedding: true });
  await store.clearAll();
  await store.close();
}

/**
 * The mixed-load section of `npm run bench`: 16 and 64 clients on the embedded store and on Neo4j
 * (NEO4J_URI, else the local one started for it); then the embedded store killed halfway.
 * BENCH_MIXED_SECONDS sets each run's length (default 300), BENCH_MIXED_USERS the users (default 200).
 */
export async function benchServeMixed(): Promise<string> {
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 300);
  const users = Number(process.env.BENCH_MIXED_USERS ?? 200);
  const runs: RunResult[] = [];
  for (const clients of [16, 64])
    runs.push(await mixedLoadRun({ backend: 'ladybug', clients, seconds, users }));
  const neo4jNote = await withNeo4j(async () => {
    for (const clients of [16, 64])
      runs.push(await mixedLoadRun({ backend: 'neo4j', clients, seconds, users }));
  });
  const killed = await mixedLoadRun({ backend: 'ladybug', clients: 16, seconds, users, killHalfway: true });
  return [
    `### kgmem serve under mixed load (${seconds} s a run, ${users} shared users, 3 recalls : 1 write, fresh memory)`,
    '',
    markdownTable(runs.flatMap((r) => r.row)),
    '',
    ...[...runs, killed].map((r) => `- ${r.note}`),
    ...(neo4jNote ? [`- ${neo4jNote}`] : []),
    '',
    `A fresh memory served by \`kgmem serve\` with a token, ${users} users seeded with one fact each, then closed-loop clients (each sends its next request when the last is answered) in rounds of eight requests on one user: six recalls, a \`POST …/triples\` of three facts and a \`POST …/remember\` of a turn (rule extractor). The server's resident memory is sampled each second. The last run is killed with SIGKILL halfway and restarted on the same data; requests cut by the kill count as refused, never as acknowledged. With the server stopped, every write it acknowledged (2xx) is looked for: each triple as a current fact, each turn as a stored episode. Neo4j is the one of NEO4J_URI, else the project's local one (started for the run and stopped after it); its server's own memory is not counted. Writes are serialised by the memory's write lock and every request shares one Node process.`,
  ].join('\n');
}

/** Runs `body` against Neo4j (NEO4J_URI, else the local one started for it); a note when it cannot. */
async function withNeo4j(body: () => Promise<void>): Promise<string | undefined> {
  const connection = neo4jConnection();
  if ('skipped' in connection) return `Neo4j was not run: ${connection.skipped}`;
  const saved = { ...process.env };
  Object.assign(process.env, connection.env);
  try {
    await body();
    return undefined;
  } finally {
    for (const name of Object.keys(connection.env)) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    connection.stop();
  }
}

// `npx tsx bench/serve-mixed.ts`: the mixed load alone (BENCH_MIXED_SECONDS, BENCH_MIXED_USERS).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(await benchServeMixed());
}
