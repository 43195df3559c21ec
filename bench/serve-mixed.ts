import { fileURLToPath } from 'node:url';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { createMemory } from '../src/memory/create.js';
import { startServe } from '../test/helpers/serve.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { quantile } from './stats.js';
import { markdownTable } from './table.js';

/** How the mixed load runs. */
export interface MixedLoadOptions {
  clients?: number;
  seconds?: number;
  /** Users the clients share (each request picks one): several clients write one user at once. */
  users?: number;
}

type Kind = 'recall' | 'profile' | 'triples' | 'remember';

// Of every 8 requests: 3 recalls, 1 profile read, 2 triple writes, 2 turns.
const MIX: readonly Kind[] = [
  'recall',
  'triples',
  'recall',
  'remember',
  'profile',
  'triples',
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

/**
 * `kgmem serve` under mixed load (#52): `clients` closed-loop clients for `seconds` against a
 * fresh memory, each request one of recall, profile, addTriples (3 facts) and remember (a turn,
 * rule extractor) for one of `users` shared users; then, with the server stopped, every
 * acknowledged write (2xx) is looked for in the database: each triple as a current fact, each
 * turn as a stored episode. Prints requests/s, latency quantiles and errors per kind, and how
 * many acknowledged writes are missing.
 */
export async function benchServeMixed(options: MixedLoadOptions = {}): Promise<string> {
  const clients = options.clients ?? 16;
  const seconds = options.seconds ?? 30;
  const users = options.users ?? 20;
  const dir = tempDir('kgmem-bench-mixed-');
  const serve = await startServe(dir.path, ['--token', TOKEN]);
  const acknowledged = {
    facts: [] as { user: string; object: string }[],
    turns: [] as { user: string; uid: string }[],
  };
  const latencies = new Map<Kind, number[]>(MIX.map((k) => [k, []]));
  const errors = new Map<Kind, number>(MIX.map((k) => [k, 0]));
  try {
    const base = serve.url;
    const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
    let next = 0;
    const send = async (i: number): Promise<void> => {
      const kind = MIX[i % MIX.length] as Kind;
      // One user per round of the mix: its reads come after its own writes, on a user some client writes.
      const user = `user-${Math.floor(i / MIX.length) % users}`;
      const api = `${base}api/users/${user}`;
      const started = performance.now();
      let response: Response;
      try {
        if (kind === 'recall')
          response = await fetch(
            `${api}/recall?q=${encodeURIComponent(QUESTIONS[i % QUESTIONS.length] as string)}`,
          );
        else if (kind === 'profile') response = await fetch(`${api}/profile`);
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
          if (response.ok) {
            const body = (await response.clone().json()) as { episodeUid: string };
            acknowledged.turns.push({ user, uid: body.episodeUid });
          }
        }
        await response.arrayBuffer();
        if (!response.ok) errors.set(kind, (errors.get(kind) ?? 0) + 1);
      } catch {
        errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
      latencies.get(kind)?.push(performance.now() - started);
    };
    // Every user exists before the load (a recall of a user with no memory is a 404, not load).
    for (let u = 0; u < users; u++) {
      const seeded = await fetch(`${base}api/users/user-${u}/triples`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ triples: [{ subject: 'I', predicate: 'lives_in', object: 'Harbour Town' }] }),
      });
      if (!seeded.ok) throw new Error(`seeding user-${u} failed: HTTP ${seeded.status}`);
    }
    const deadline = performance.now() + seconds * 1000;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) await send(next++);
      }),
    );
    const elapsed = (performance.now() - began) / 1000;
    await serve.stop();

    // Every acknowledged write, looked for in the database the server left.
    const memory = await createMemory({ dataDir: dir.path, embeddings: new HashingEmbeddings(), env: {} });
    let missingFacts = 0;
    let missingTurns = 0;
    try {
      for (let u = 0; u < users; u++) {
        const user = `user-${u}`;
        const stored = new Set(
          (await memory.facts(user, { predicate: 'collects', limit: 1_000_000 })).map((f) => f.object),
        );
        missingFacts += acknowledged.facts.filter((f) => f.user === user && !stored.has(f.object)).length;
        const turns = new Set((await memory.listEpisodes(user)).map((e) => e.uid));
        missingTurns += acknowledged.turns.filter((t) => t.user === user && !turns.has(t.uid)).length;
      }
    } finally {
      await memory.close();
    }
    const rows = MIX.filter((k, i) => MIX.indexOf(k) === i).map((kind) => {
      const times = latencies.get(kind) ?? [];
      return {
        request: kind,
        requests: times.length,
        'requests/s': (times.length / elapsed).toFixed(1),
        'p50 ms': quantile(times, 0.5).toFixed(1),
        'p95 ms': quantile(times, 0.95).toFixed(1),
        'p99 ms': quantile(times, 0.99).toFixed(1),
        errors: errors.get(kind) ?? 0,
      };
    });
    const all = [...latencies.values()].flat();
    return [
      `### kgmem serve under mixed load (${clients} closed-loop clients, ${seconds} s, ${users} shared users, fresh memory)`,
      '',
      markdownTable([
        ...rows,
        {
          request: 'all',
          requests: all.length,
          'requests/s': (all.length / elapsed).toFixed(1),
          'p50 ms': quantile(all, 0.5).toFixed(1),
          'p95 ms': quantile(all, 0.95).toFixed(1),
          'p99 ms': quantile(all, 0.99).toFixed(1),
          errors: [...errors.values()].reduce((a, b) => a + b, 0),
        },
      ]),
      '',
      `Acknowledged writes found afterwards: ${acknowledged.facts.length - missingFacts} of ${acknowledged.facts.length} facts and ${acknowledged.turns.length - missingTurns} of ${acknowledged.turns.length} turns (${missingFacts + missingTurns} missing).`,
    ].join('\n');
  } finally {
    await serve.stop().catch(() => undefined);
    dir.remove();
  }
}

// `npx tsx bench/serve-mixed.ts [clients] [seconds]`: the mixed load alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [clients = '16', seconds = '30'] = process.argv.slice(2);
  console.log(await benchServeMixed({ clients: Number(clients), seconds: Number(seconds) }));
}
