import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

// Every user of these tests is above the snapshot threshold: each process that holds their
// copies leaves a snapshot beside the database when it closes, which the next process loads.
const SNAPSHOTS = { KGMEM_SNAPSHOT_MIN_SIZE: '10' };
const LIBRARY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

interface RecalledFact {
  uid: string;
  statement: string;
  subject: string;
  predicate: string;
  object: string;
  validTo: string | null;
}

/** Films with their directors and stars: about 60 facts, well above the threshold. */
function movieTriples(): string {
  const films = [
    ['Inception', 'Christopher Nolan', 'Leonardo DiCaprio'],
    ['Interstellar', 'Christopher Nolan', 'Matthew McConaughey'],
    ['The Revenant', 'Alejandro Inarritu', 'Leonardo DiCaprio'],
    ['Dunkirk', 'Christopher Nolan', 'Fionn Whitehead'],
    ['Birdman', 'Alejandro Inarritu', 'Michael Keaton'],
    ['Arrival', 'Denis Villeneuve', 'Amy Adams'],
    ['Sicario', 'Denis Villeneuve', 'Emily Blunt'],
    ['Heat', 'Michael Mann', 'Al Pacino'],
    ['Collateral', 'Michael Mann', 'Tom Cruise'],
    ['Memento', 'Christopher Nolan', 'Guy Pearce'],
  ];
  return films
    .flatMap(([film, director, star], i) => [
      `${film}\tdirected_by\t${director}`,
      `${film}\tstarred_actors\t${star}`,
      `${film}\trelease_year\t${2000 + i}`,
      `${film}\tin_language\tEnglish`,
      `${film}\thas_genre\t${i % 2 ? 'Drama' : 'Thriller'}`,
      `${film}\twritten_by\t${director}`,
    ])
    .join('\n');
}

describe('a write in one process is seen by the next, on a user with a saved snapshot', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;
  const kgmem = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCli(args, { dataDir, env: { ...SNAPSHOTS, ...env } });

  const recall = async (query: string, where = dataDir): Promise<RecalledFact[]> => {
    const run = await runCli(['recall', query, '--user', 'movies', '--json', '--limit', '20'], {
      dataDir: where,
      env: SNAPSHOTS,
    });
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { facts: RecalledFact[] }).facts;
  };

  /** The same recall in a copy of the data dir without any snapshot: what the database says. */
  const recallFromDatabase = async (query: string): Promise<RecalledFact[]> => {
    const copy = join(dir.path, `copy-${Date.now()}`);
    cpSync(dataDir, copy, { recursive: true });
    for (const entry of readdirSync(copy))
      if (entry.endsWith('.snapshots')) rmSync(join(copy, entry), { recursive: true });
    return recall(query, copy);
  };

  const snapshotFiles = () =>
    readdirSync(dataDir)
      .filter((entry) => entry.endsWith('.snapshots'))
      .flatMap((entry) => readdirSync(join(dataDir, entry)));

  /** Runs a library script in a process of its own (writes the CLI has no command for). */
  const library = (body: string, options = ''): Promise<{ code: number | null; stderr: string }> =>
    new Promise((resolve, reject) => {
      const script = `import { createMemory, HashingEmbeddings } from ${JSON.stringify(LIBRARY)};
const memory = await createMemory({ dataDir: ${JSON.stringify(dataDir)}${options} });
try { ${body} } finally { await memory.close(); }`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, ...SNAPSHOTS, OPENAI_API_KEY: '' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
    });

  /** The answer of process B equals the database's, and a recall in between left a snapshot. */
  const expectFresh = async (query: string): Promise<RecalledFact[]> => {
    const seen = await recall(query);
    expect(seen.map((f) => f.uid)).toEqual((await recallFromDatabase(query)).map((f) => f.uid));
    return seen;
  };

  const nolanFact = async (): Promise<RecalledFact> => {
    const facts = await recall('who directed Inception');
    const fact = facts.find((f) => f.subject === 'Inception' && f.predicate === 'directed_by');
    expect(fact, JSON.stringify(facts)).toBeDefined();
    return fact as RecalledFact;
  };

  beforeEach(async () => {
    dir = tempDir('kgmem-writes-');
    dataDir = join(dir.path, 'data');
    const file = join(dir.path, 'movies.tsv');
    writeFileSync(file, movieTriples());
    const imported = await kgmem(['import', file, '--user', 'movies']);
    expect(imported.code, imported.stderr).toBe(0);
    // A recall in its own process loads the user and leaves the snapshot the next one reads.
    await nolanFact();
    expect(snapshotFiles().length).toBeGreaterThan(0);
  });
  afterEach(() => dir.remove());

  it('forget --fact: no later process recalls the forgotten fact', async () => {
    const fact = await nolanFact();
    const forget = await kgmem(['forget', '--user', 'movies', '--fact', fact.uid]);
    expect(forget.code, forget.stderr).toBe(0);
    const after = await expectFresh('who directed Inception');
    expect(after.map((f) => f.uid)).not.toContain(fact.uid);
    // And again after a process that loaded the user saved a new snapshot.
    expect((await recall('who directed Inception')).map((f) => f.uid)).not.toContain(fact.uid);
  });

  it('forget --entity: no later process recalls a fact of the forgotten entity', async () => {
    const forget = await kgmem(['forget', '--user', 'movies', '--entity', 'Inception']);
    expect(forget.code, forget.stderr).toBe(0);
    const after = await expectFresh('who directed Inception');
    expect(after.filter((f) => f.subject === 'Inception' || f.object === 'Inception')).toEqual([]);
  });

  it('forget --all: the user is gone for every later process, and so is their snapshot', async () => {
    const forget = await kgmem(['forget', '--user', 'movies', '--all', '--yes']);
    expect(forget.code, forget.stderr).toBe(0);
    expect(snapshotFiles()).toEqual([]);
    const run = await kgmem(['recall', 'who directed Inception', '--user', 'movies', '--json']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/no user "movies"/);
  });

  it('updateFact: the next process recalls the corrected value, the old one as closed', async () => {
    const fact = await nolanFact();
    const wrote = await library(
      `await memory.updateFact('movies', { uid: ${JSON.stringify(fact.uid)} }, { object: 'Emma Thomas' });`,
    );
    expect(wrote.code, wrote.stderr).toBe(0);
    const after = await expectFresh('who directed Inception');
    expect(after.map((f) => f.uid)).not.toContain(fact.uid);
    expect(after.some((f) => f.subject === 'Inception' && f.object === 'Emma Thomas')).toBe(true);
  });

  it('closeFact: the next process no longer recalls the closed fact as current', async () => {
    const fact = await nolanFact();
    const wrote = await library(`await memory.closeFact('movies', ${JSON.stringify(fact.uid)});`);
    expect(wrote.code, wrote.stderr).toBe(0);
    const after = await expectFresh('who directed Inception');
    expect(after.map((f) => f.uid)).not.toContain(fact.uid);
  });

  it('a Cypher write from the console: the next process sees it', async () => {
    const fact = await nolanFact();
    const wrote = await kgmem([
      'cypher',
      '-e',
      'MATCH ()-[f:FACT]->() WHERE f.uid = $uid DELETE f',
      '--param',
      `uid=${fact.uid}`,
    ]);
    expect(wrote.code, wrote.stderr).toBe(0);
    const after = await expectFresh('who directed Inception');
    expect(after.map((f) => f.uid)).not.toContain(fact.uid);
  });

  it('import: the next process recalls the imported facts', async () => {
    const file = join(dir.path, 'more.tsv');
    writeFileSync(file, 'Inception\tedited_by\tLee Smith\n');
    const imported = await kgmem(['import', file, '--user', 'movies']);
    expect(imported.code, imported.stderr).toBe(0);
    const after = await expectFresh('who edited Inception');
    expect(after.some((f) => f.object === 'Lee Smith')).toBe(true);
  });

  it('reembed: the next process searches the new vectors, not the saved ones', async () => {
    // Embedded again with the offline embedder's first version (other vectors), whose process
    // leaves a snapshot of them; then back to the current one from the command line.
    const first = await library(
      'await memory.reembed();',
      ', embeddings: new HashingEmbeddings({ senses: false }), reembedding: true',
    );
    expect(first.code, first.stderr).toBe(0);
    await recall('films by Nolan');
    expect(snapshotFiles().length).toBeGreaterThan(0);
    const reembed = await kgmem(['reembed']);
    expect(reembed.code, reembed.stderr).toBe(0);
    await expectFresh('films by Nolan');
    await expectFresh('Leonardo');
  });

  it('a write through the library: the saved snapshot is removed at once, not only at close', async () => {
    const wrote = await library(
      `await memory.addTriples('movies', [{ subject: 'Inception', predicate: 'filmed_in', object: 'Paris' }]);
       const fs = await import('node:fs');
       const left = fs.readdirSync(${JSON.stringify(dataDir)}).filter((e) => e.endsWith('.snapshots'))
         .flatMap((e) => fs.readdirSync(${JSON.stringify(dataDir)} + '/' + e));
       if (left.length > 0) throw new Error('stale snapshot still on disk: ' + left.join(', '));`,
    );
    expect(wrote.code, wrote.stderr).toBe(0);
    const after = await expectFresh('where was Inception filmed');
    expect(after.some((f) => f.object === 'Paris')).toBe(true);
    expect(existsSync(dataDir)).toBe(true);
  });
});
