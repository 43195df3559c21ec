#!/usr/bin/env node
// Minimal reproduction, against @ladybugdb/core alone (no kgmem code), of the crash that bricked
// kgmem memories: a process killed (SIGKILL) while LadybugDB checkpoints leaves a database whose
// next open crashes with SIGSEGV while it replays the frozen log. See
// docs/ladybug-checkpoint-crash.md for what it shows, the stack and the upstream report.
//
//   node scripts/ladybug-checkpoint-crash.mjs [rounds=12]
//
// Each round: a child process writes as kgmem's bulk path did, with the database's defaults
// (automatic checkpoints on): in one transaction, `COPY` 10,000 new nodes from a CSV file (one
// column empty, so NULL), `SET` that column on them, and update a settings node; it is killed at
// a random moment 1.5–6 s in; a second child then opens the files and counts the nodes. After a
// kill inside a checkpoint, a third child opens the main file alone (the log set aside) and
// creates the next keys the writer would have written. Exit status: 0 when every reopen worked,
// 1 otherwise.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const lbug = require('@ladybugdb/core');
const self = fileURLToPath(import.meta.url);
const [mode, dir] = process.argv.slice(2);

if (mode === 'write') {
  const db = new lbug.Database(join(dir, 'db.lbug'));
  const conn = new lbug.Connection(db);
  conn.querySync(
    'CREATE NODE TABLE IF NOT EXISTS E(uid STRING PRIMARY KEY, name STRING, type STRING, mentions INT64)',
  );
  conn.querySync('CREATE NODE TABLE IF NOT EXISTS Meta(key STRING PRIMARY KEY, value STRING)');
  const setting = conn.prepareSync("MERGE (m:Meta {key: 'generation'}) SET m.value = $value");
  const csv = join(dir, 'rows.csv');
  for (let n = 0, round = 0; ; round++) {
    const lines = [];
    for (let i = 0; i < 10_000; i++, n++) lines.push(`e${n},entity ${n},,1`);
    writeFileSync(csv, `${lines.join('\n')}\n`);
    conn.querySync('BEGIN TRANSACTION');
    conn.querySync(`COPY E FROM '${csv}' (header=false, parallel=false)`);
    conn.querySync("MATCH (e:E) WHERE e.type IS NULL SET e.type = ''");
    conn.executeSync(setting, { value: String(round) });
    conn.querySync('COMMIT');
  }
} else if (mode === 'open') {
  const db = new lbug.Database(join(dir, 'db.lbug'));
  const conn = new lbug.Connection(db);
  const [row] = conn.querySync('MATCH (e:E) RETURN count(e) AS n').getAllSync();
  console.log(String(row.n));
} else if (mode === 'insert') {
  const db = new lbug.Database(join(dir, 'db.lbug'));
  const conn = new lbug.Connection(db);
  const [count] = conn.querySync('MATCH (e:E) RETURN count(e) AS n').getAllSync();
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ uid: `e${Number(count.n) + i}`, name: 'next' }));
  conn.executeSync(
    conn.prepareSync('UNWIND $rows AS r CREATE (:E {uid: r.uid, name: r.name, mentions: 1})'),
    { rows },
  );
  console.log('inserted');
} else {
  await main(Number(mode ?? 12));
}

async function main(rounds) {
  const version = lbug.Database.getVersion?.() ?? 'unknown';
  const installed = JSON.parse(
    readFileSync(join(dirname(require.resolve('@ladybugdb/core')), 'package.json'), 'utf8'),
  );
  console.log(
    `@ladybugdb/core ${installed.version} (library ${version}), Node ${process.version}, ${process.platform}-${process.arch}`,
  );
  console.log(
    '| round | killed after | files after the kill | reopen | main file alone: create the next keys |',
  );
  console.log('| ---: | ---: | --- | --- | --- |');
  let failures = 0;
  for (let round = 1; round <= rounds; round++) {
    const work = mkdtempSync(join(tmpdir(), 'ladybug-crash-'));
    const after = 1500 + Math.round(Math.random() * 4500);
    await killAfter(work, after);
    const files = readdirSync(work)
      .filter((name) => name !== 'rows.csv')
      .join(' ');
    const aside = join(work, 'aside');
    mkdirSync(aside);
    copyFileSync(join(work, 'db.lbug'), join(aside, 'db.lbug'));
    const reopen = child('open', work);
    const alone = existsSync(join(work, 'db.lbug.wal.checkpoint')) ? child('insert', aside) : 'n/a';
    if (!reopen.startsWith('ok')) failures++;
    console.log(`| ${round} | ${after} ms | ${files} | ${reopen} | ${alone} |`);
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n${failures} of ${rounds} reopens failed`);
  process.exitCode = failures > 0 ? 1 : 0;
}

function killAfter(work, ms) {
  return new Promise((resolve) => {
    const writer = spawn(process.execPath, [self, 'write', work], { stdio: 'ignore' });
    setTimeout(() => writer.kill('SIGKILL'), ms);
    writer.on('exit', resolve);
  });
}

function child(what, work) {
  const run = spawnSync(process.execPath, [self, what, work], { encoding: 'utf8' });
  if (run.signal) return `crashed (${run.signal})`;
  if (run.status !== 0) {
    const line = run.stderr.split('\n').find((l) => /Error/.test(l)) ?? `exit ${run.status}`;
    return `failed: ${line.trim().slice(0, 120)}`;
  }
  return `ok (${run.stdout.trim()})`;
}
