import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendFigures } from './backend-run.js';
import { neo4jConnection } from './local-neo4j.js';
import { markdownTable } from './table.js';

const ROOT = join(import.meta.dirname, '..');

/** Runs one backend's side in a child process and reads its figures. */
function runBackend(
  backend: 'ladybug' | 'neo4j' | 'neo4j-cached',
  env: NodeJS.ProcessEnv,
): Promise<BackendFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench', 'backend-run.ts'), backend],
      {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`the ${backend} benchmark exited with ${code}:\n${out.slice(-2000)}`));
      else resolve(JSON.parse(line) as BackendFigures);
    });
  });
}

/** The peak resident memory of a process so far (`VmHWM`), in MB, or undefined. */
function peakRssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * LadybugDB and Neo4j (plain, and wrapped in the cache) side by side in one run, each in a process
 * of its own, on the same data:
 * the MetaQA kb (129,233 facts) imported as one user, recall latency on it, MetaQA dev recall@20,
 * episode search at 10,000 turns, LoCoMo dev evidence recall@10, and the memory of each process.
 * Neo4j is the project's local one (started here when NEO4J_URI is not set and Java is there).
 */
export async function benchBackends(): Promise<string> {
  const ladybug = await runBackend('ladybug', {});
  const connection = neo4jConnection();
  if ('skipped' in connection)
    return `### LadybugDB and Neo4j side by side\n\nNeo4j was not run: ${connection.skipped}\n`;
  let neo4j: BackendFigures;
  let cached: BackendFigures;
  let serverPeak: number | undefined;
  try {
    neo4j = await runBackend('neo4j', connection.env);
    serverPeak = peakRssMb(connection.pid);
    cached = await runBackend('neo4j-cached', connection.env);
  } finally {
    connection.stop();
  }
  const both = (pick: (f: BackendFigures) => string) => ({
    ladybug: pick(ladybug),
    neo4j: pick(neo4j),
    'neo4j, cached': pick(cached),
  });
  const ms = (x: number) => x.toFixed(1);
  const rows = [
    {
      measure: `import MetaQA kb (${ladybug.facts.toLocaleString('en-US')} facts), facts/s`,
      ...both((f) => Math.round(f.importRate).toLocaleString('en-US')),
    },
    { measure: 'import, seconds', ...both((f) => f.importSeconds.toFixed(1)) },
    {
      measure: `recall p50 ms (${ladybug.recall.queries} queries on the kb user, after 100 warm-up recalls)`,
      ...both((f) => ms(f.recall.p50)),
    },
    { measure: 'recall p95 ms', ...both((f) => ms(f.recall.p95)) },
    { measure: 'recall p99 ms', ...both((f) => ms(f.recall.p99)) },
    { measure: 'first recall after the import, ms', ...both((f) => ms(f.recall.firstMs)) },
    ...[0, 1, 2].map((i) => ({
      measure: `MetaQA dev recall@20, ${i + 1}-hop (${ladybug.metaqa[i]?.questions} questions)`,
      ...both((f) => (f.metaqa[i]?.recall ?? 0).toFixed(3)),
    })),
    { measure: 'episode search p50 ms (10,000 turns)', ...both((f) => ms(f.episodeSearch.p50)) },
    { measure: 'episode search p95 ms (10,000 turns)', ...both((f) => ms(f.episodeSearch.p95)) },
    { measure: 'LoCoMo dev evidence recall@10', ...both((f) => f.locomo.recall10.toFixed(3)) },
    {
      measure: 'LoCoMo BM25 baseline recall@10 (same run)',
      ...both((f) => f.locomo.bm25Recall10.toFixed(3)),
    },
    {
      measure: 'peak memory of the kgmem process, MB',
      ...both((f) => Math.round(f.peakRssMb).toLocaleString('en-US')),
    },
    {
      measure: 'peak memory of the Neo4j server (JVM), MB',
      ladybug: '—',
      neo4j: serverPeak ? Math.round(serverPeak).toLocaleString('en-US') : 'n/a',
      'neo4j, cached': 'same server',
    },
  ];
  return (
    '### LadybugDB and Neo4j side by side (one run, same data, offline hashing embedder)\n\n' +
    `${markdownTable(rows)}\n\n` +
    'Each backend runs in a process of its own. Neo4j is the local Neo4j 5.26 Community (`npm run neo4j:start`: ' +
    "Neo4j's test harness, 2 GB heap, 1 GB page cache) on this machine; imports run in transactions of `kgmem import`'s " +
    'default size for the backend (all 129,233 lines in one on LadybugDB, 5,000 per transaction on Neo4j). ' +
    '*neo4j, cached*: the same server with the store wrapped in the cache the embedded store always has ' +
    '(`KGMEM_NEO4J_CACHE=1`, or `store: { neo4j, cache: true }`): reads are served from the process’s copy of the ' +
    "user after one check of the user's write generation per recall, which any process's write moves; the first " +
    'recall of a user loads its copy (a long-running process, `kgmem serve` or an agent, gains; a one-shot command does not).'
  );
}
