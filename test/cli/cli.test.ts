import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itOnLadybug, onLadybug } from '../helpers/backend.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('kgmem command line', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;
  const kgmem = (args: string[], input?: string) => runCli(args, { dataDir, ...(input ? { input } : {}) });

  beforeEach(() => {
    dir = tempDir('kgmem-cli-');
    dataDir = join(dir.path, 'data');
  });
  afterEach(() => dir.remove());

  it('keeps the newest value of a functional predicate current and the old one as history', async () => {
    expect((await kgmem(['add', 'I', 'lives_in', 'Paris', '--user', 'a'])).code).toBe(0);
    const second = await kgmem(['add', 'I', 'lives_in', 'New York', '--user', 'a']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/closed 1 previous fact/);

    const recall = await kgmem(['recall', 'where do I live', '--user', 'a', '--json']);
    expect(recall.code).toBe(0);
    const result = JSON.parse(recall.stdout);
    expect(result.facts[0]).toMatchObject({ predicate: 'lives_in', object: 'New York', validTo: null });
    expect(result.facts.map((f: { object: string }) => f.object)).not.toContain('Paris');
    expect(result.context).toContain('User lives in New York');

    const history = await kgmem(['facts', '--user', 'a', '--history']);
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(/User lives in Paris\s+closed/);
    expect(history.stdout).toMatch(/User lives in New York\s+current/);
    const current = await kgmem(['facts', '--user', 'a', '--json']);
    expect(JSON.parse(current.stdout).map((f: { object: string }) => f.object)).toEqual(['New York']);
  });

  it('forgets every node and edge of one user and leaves the other intact', async () => {
    await kgmem(['add', 'I', 'likes', 'Pizza', '--user', 'a']);
    await kgmem(['add', 'Polar bear', 'likes', 'Pizza', '--user', 'a']);
    await kgmem(['add', 'Polar bear', 'likes', 'Salmon', '--user', 'b']);
    // Without a terminal to ask, --all needs --yes (and nothing is deleted).
    const unconfirmed = await kgmem(['forget', '--user', 'a', '--all']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/add --yes/);
    const forget = await kgmem(['forget', '--user', 'a', '--all', '--yes']);
    expect(forget.code).toBe(0);

    const count = async (statement: string, user: string): Promise<number> => {
      const run = await kgmem(['cypher', '-e', statement, '--param', `u=${user}`, '--json']);
      expect(run.code, run.stderr).toBe(0);
      return Number(JSON.parse(run.stdout)[0].n);
    };
    for (const user of ['a', 'b']) {
      const expected = user === 'a' ? [0, 0, 0, 0] : [1, 2, 1, 2];
      expect([
        await count('MATCH (u:User {id: $u}) RETURN count(u) AS n', user),
        await count('MATCH (e:Entity) WHERE e.userId = $u RETURN count(e) AS n', user),
        await count('MATCH ()-[f:FACT]->() WHERE f.userId = $u RETURN count(f) AS n', user),
        await count('MATCH (k:EntityKey) WHERE k.userId = $u RETURN count(k) AS n', user),
      ]).toEqual(expected);
    }
    const users = await kgmem(['users', '--json']);
    expect(JSON.parse(users.stdout)).toEqual(['b']);
    const again = await kgmem(['forget', '--user', 'a', '--all', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/nothing to forget/);
  });

  it('imports the valid lines of a TSV file, names the bad ones and exits 1', async () => {
    const file = join(dir.path, 'triples.tsv');
    const lines = [
      Buffer.from('# a comment\n'),
      Buffer.from('Inception\tdirected_by\tChristopher Nolan\n'),
      Buffer.from('Inception\trelease_year\t2010\n'),
      Buffer.from('only two\tfields\n'),
      Buffer.from('Bad\tbytes\t'),
      Buffer.from([0xff, 0xfe, 0x00, 0x41]),
      Buffer.from('\n'),
      Buffer.from(`Long\tname\t${'x'.repeat(2001)}\n`),
      Buffer.from('\n'),
      Buffer.from('$\tdirected_by\tRichard Brooks\n'),
    ];
    writeFileSync(file, Buffer.concat(lines));
    const run = await kgmem(['import', file, '--user', 'movies']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/imported 3 facts for user "movies"/);
    expect(run.stdout).toMatch(/facts\/s/);
    expect(run.stderr).toMatch(/line 4: expected 3 tab-separated fields/);
    expect(run.stderr).toMatch(/line 5: .*binary or non-UTF-8/);
    expect(run.stderr).toMatch(/line 6: .*2001 characters/);
    expect(run.stderr).toMatch(/3 invalid line\(s\) were rejected/);
    const facts = JSON.parse((await kgmem(['facts', '--user', 'movies', '--json'])).stdout);
    expect(facts.map((f: { statement: string }) => f.statement).sort()).toEqual([
      '$ directed by Richard Brooks',
      'Inception directed by Christopher Nolan',
      "Inception's release year is 2010",
    ]);
  });

  it('refuses a whole file with --strict and writes nothing', async () => {
    const file = join(dir.path, 'triples.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ subject: 'Ann', predicate: 'likes', object: 'tea' }),
        JSON.stringify({ subject: 'Ann', predicate: 'likes', object_: 'jazz' }),
        '{not json',
      ].join('\n'),
    );
    const strict = await kgmem(['import', file, '--user', 'u', '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/line 3: not valid JSON/);
    expect(strict.stderr).toMatch(/nothing was written/);
    // Nothing was written: on the embedded store not even an empty database (read commands then
    // find no memory); on a server, no user.
    const users = await kgmem(['users', '--json']);
    if (onLadybug) {
      expect(users.code).toBe(1);
      expect(users.stderr).toMatch(/no kgmem memory here/);
    } else {
      expect(users.code, users.stderr).toBe(0);
      expect(JSON.parse(users.stdout)).toEqual([]);
    }

    writeFileSync(
      file,
      file.length > 0 ? `${JSON.stringify({ subject: 'Ann', predicate: 'likes', object: 'tea' })}\n` : '',
    );
    const ok = await kgmem(['import', file, '--user', 'u']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/imported 1 facts/);
  });

  it('reports Cypher errors in one line and keeps the interactive console running', async () => {
    await kgmem(['add', 'I', 'likes', 'tea', '--user', 'a']);
    const bad = await kgmem(['cypher', '-e', 'MATCH (n RETURN n']);
    expect(bad.code).toBe(1);
    // The database's own message: LadybugDB's parser or Neo4j's.
    const parserError = onLadybug ? /Parser exception/ : /Invalid input/;
    expect(bad.stderr).toMatch(new RegExp(`^kgmem: .*${parserError.source}`));
    expect(bad.stderr).not.toMatch(/\n\s+at /);

    const session = await kgmem(
      ['cypher'],
      'MATCH (n RETURN n;\nMATCH (u:User)\nRETURN u.id AS id;\n:param who="a"\nMATCH (u:User {id: $who}) RETURN count(u) AS n;\n:quit\n',
    );
    expect(session.code).toBe(0);
    expect(session.stderr).toMatch(new RegExp(`Cypher error: .*${parserError.source}`));
    expect(session.stdout).toMatch(/id\s*\n-+\s*\na\s*\n\(1 row\)/);
    expect(session.stdout).toMatch(/n\s*\n-+\s*\n1\s*\n/);
  });

  it('shows an entity, a path, the stored turns, and changes or corrects a fact, history kept', async () => {
    const first = await kgmem(['add', 'I', 'works_at', 'Acme', '--user', 'a', '--at', '2024-01-01']);
    expect(first.code).toBe(0);
    // The first write to a data dir without a memory says where it created one.
    if (onLadybug) expect(first.stderr).toContain(`created a new memory at ${dataDir}`);
    // With the offline embedder (no model set up here), it says once how to set up one.
    if (onLadybug) expect(first.stderr).toContain('KGMEM_EMBEDDINGS=local:<dir>');
    const second = await kgmem(['add', 'Acme', 'located_in', 'Porto', '--user', 'a']);
    expect(second.stderr).not.toContain('created a new memory');
    expect(second.stderr).not.toContain('KGMEM_EMBEDDINGS');
    expect((await kgmem(['remember', '--user', 'a', '-'], 'I moved to Oslo last week\n')).code).toBe(0);

    const entity = await kgmem(['entity', 'Acme', '--user', 'a', '--json']);
    expect(entity.code).toBe(0);
    const details = JSON.parse(entity.stdout);
    expect(details.entity.name).toBe('Acme');
    expect(details.outgoing.map((f: { statement: string }) => f.statement)).toEqual([
      'Acme located in Porto',
    ]);
    expect(details.incoming.map((f: { statement: string }) => f.statement)).toEqual(['User works at Acme']);
    expect((await kgmem(['entity', 'Nobody', '--user', 'a'])).code).toBe(1);

    const path = await kgmem(['path', 'me', 'Porto', '--user', 'a']);
    expect(path.code).toBe(0);
    expect(path.stdout).toMatch(
      /2 facts from User to Porto:\n\s+1\. User works at Acme .*\n\s+2\. Acme located in Porto/,
    );
    expect((await kgmem(['path', 'Porto', 'Oslo', '--user', 'a', '--max-hops', '1'])).stdout).toMatch(
      /No chain/,
    );

    const episodes = await kgmem(['episodes', '--user', 'a', '--json']);
    expect(episodes.code).toBe(0);
    expect(JSON.parse(episodes.stdout)).toMatchObject([
      { status: 'extracted', messages: [{ role: 'user', content: 'I moved to Oslo last week' }] },
    ]);
    expect((await kgmem(['episodes', '--user', 'a', '--status', 'failed'])).stdout).toMatch(
      /No stored turns/,
    );

    const works = JSON.parse((await kgmem(['facts', '--user', 'a', '--json'])).stdout).find(
      (f: { predicate: string }) => f.predicate === 'works_at',
    );
    const corrected = await kgmem([
      'correct',
      '--user',
      'a',
      '--fact',
      works.uid,
      '--object',
      'Acme Corp',
      '--kind',
      'correction',
    ]);
    expect(corrected.code).toBe(0);
    expect(corrected.stdout).toMatch(/^corrected: fact .* is closed/);
    // A correction holds from when the wrong value did: asOf its start gives the right one.
    const then = JSON.parse(
      (await kgmem(['facts', '--user', 'a', '--as-of', '2024-06-01', '--json'])).stdout,
    );
    expect(then.map((f: { object: string }) => f.object)).toEqual(['Acme Corp']);

    const changed = await kgmem([
      'correct',
      '--user',
      'a',
      '--subject',
      'I',
      '--predicate',
      'lives_in',
      '--object',
      'Bergen',
    ]);
    expect(changed.code).toBe(0);
    const history = (await kgmem(['facts', '--user', 'a', '--history'])).stdout;
    expect(history).toMatch(/User lives in Oslo\s+closed/);
    expect(history).toMatch(/User lives in Bergen\s+current/);

    // Errors name the command's flags, never the library's methods or fields.
    const badDate = await kgmem(['recall', 'where', '--user', 'a', '--as-of', 'someday']);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toMatch(/--as-of must be a date/);
    expect(badDate.stderr).not.toMatch(/Memory\.|asOf/);
    expect((await kgmem(['correct', '--user', 'a', '--object', 'x'])).stderr).toMatch(
      /--fact <uid> or both --subject/,
    );
    expect((await kgmem(['correct', '--user', 'a', '--fact', 'nope', '--object', 'x'])).code).toBe(1);
  });

  it('exits 2 on usage errors and shows a stack only with --debug', async () => {
    const noUser = await kgmem(['recall', 'anything']);
    expect(noUser.code).toBe(2);
    expect(noUser.stderr).toMatch(/needs --user/);
    expect((await kgmem(['recall', 'x', '--user', 'a', '--bogus'])).code).toBe(2);
    expect((await kgmem(['forget', '--user', 'a'])).code).toBe(2);
    expect((await kgmem(['recall', 'x', '--user', 'a', '--hops', '9'])).code).toBe(2);
    expect((await kgmem(['add', 'I', 'likes', '   ', '--user', 'a'])).code).toBe(2);
    expect((await kgmem(['nonsense'])).code).toBe(2);
    expect((await kgmem(['--help'])).code).toBe(0);
    const debug = await kgmem(['--debug', 'forget', '--user', 'nobody', '--all', '--yes']);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('imports its own export back, history included', async () => {
    await kgmem(['add', 'I', 'works_at', 'Acme', '--user', 'a', '--at', '2026-01-01']);
    await kgmem(['add', 'I', 'works_at', 'Globex', '--user', 'a', '--at', '2026-03-01']);
    await kgmem(['add', 'I', 'likes', 'tea', '--user', 'a', '--at', '2026-02-01']);
    const file = join(dir.path, 'a.json');
    expect((await kgmem(['export', '--user', 'a', '--out', file])).code).toBe(0);
    const run = await kgmem(['import', file, '--user', 'copy']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/restored 4 entities, 3 facts and 0 turns .* into user "copy"/);
    const shape = async (user: string) =>
      (
        JSON.parse((await kgmem(['facts', '--user', user, '--history', '--json'])).stdout) as {
          statement: string;
          validFrom: string;
          validTo: string | null;
        }[]
      )
        .map((f) => `${f.statement} ${f.validFrom} ${f.validTo}`)
        .sort();
    expect(await shape('copy')).toEqual(await shape('a'));
  });

  it('exports a user as JSON with history', async () => {
    await kgmem(['add', 'I', 'works_at', 'Acme', '--user', 'a']);
    await kgmem(['add', 'I', 'works_at', 'Globex', '--user', 'a']);
    const run = await kgmem(['export', '--user', 'a']);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc).toMatchObject({ format: 'kgmem-export/2', userId: 'a', counts: { facts: 2 } });
    expect(doc.facts).toHaveLength(2);
    expect(doc.entities.map((e: { name: string }) => e.name).sort()).toEqual(['Acme', 'Globex', 'User']);
  });

  // The embedded database admits one process, which serves the others (a server admits many).
  itOnLadybug('a second process goes through the one holding the database, and loses nothing', async () => {
    await kgmem(['add', 'I', 'likes', 'tea', '--user', 'a']);
    const bin = fileURLToPath(new URL('../../bin/kgmem.js', import.meta.url));
    const holder = spawn(process.execPath, [bin, 'cypher'], {
      env: { ...process.env, KGMEM_DATA_DIR: dataDir, OPENAI_API_KEY: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('console did not start')), 30_000);
        holder.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('Cypher console')) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      const second = await kgmem(['add', 'I', 'likes', 'coffee', '--user', 'a']);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toMatch(/is open in process \d+ \(kgmem cypher\); going through it/);
      expect(second.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      holder.stdin.end(':quit\n');
      await new Promise((resolve) => holder.on('close', resolve));
    }
    const facts = JSON.parse((await kgmem(['facts', '--user', 'a', '--json'])).stdout);
    expect(facts.map((f: { object: string }) => f.object).sort()).toEqual(['coffee', 'tea']);
  });

  it('runs the demo offline and recalls across threads', async () => {
    const run = await kgmem(['demo']);
    expect(run.code, run.stderr).toBe(0);
    const answer = run.stdout.split("What food should I bring to Polar bear's party?\n")[1]?.split('\n\n')[0];
    // The profile line first (the question says "I"), then the answer first: the question asks
    // for food, and pizza is food (the aquarium is not).
    expect(answer).toMatch(
      /^About the user: [^\n]*Polar bear \(likes Pizza[^\n]*\nRelevant facts from memory:\n- Polar bear likes Pizza\n/,
    );
    expect(run.stdout).toMatch(/User lives in Osaka\s+closed/);
    const again = await kgmem(['demo']);
    expect(again.code).toBe(0);
    expect(JSON.parse((await kgmem(['users', '--json'])).stdout)).toEqual(['demo-marco', 'demo-sasako']);
    // The command the demo ends with runs as printed.
    const hint = /Try: npx kgmem (recall "where do I live" --user (\S+))/.exec(again.stdout);
    expect(hint?.[2]).toMatch(/^demo-/);
    const tried = await kgmem(['recall', 'where do I live', '--user', hint?.[2] ?? '']);
    expect(tried.code, tried.stderr).toBe(0);
    expect(tried.stdout).toMatch(/lives in/);
  });
});
