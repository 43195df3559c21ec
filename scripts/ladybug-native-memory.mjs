// Native memory of an open LadybugDB database, with @ladybugdb/core alone (no kgmem code):
// `node scripts/ladybug-native-memory.mjs [transactions] [rows per transaction] [checkpoint every]`.
// Writes many small transactions (two new nodes with a STRING primary key and a relationship per
// row), a CHECKPOINT every few, each followed by glibc's malloc_trim (through koffi) so that only
// memory still in use is counted; prints the process's resident memory after each, the buffer
// pool's share (its one reserved mapping, read from /proc/self/smaps), then after closing the
// database and after reopening it. Linux with glibc only. See docs/ladybug-memory.md.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lbug from '@ladybugdb/core';
import koffi from 'koffi';

const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
const mb = (bytes) => Math.round(bytes / 2 ** 20);
const resident = () => mb(process.memoryUsage().rss);
// The buffer pool is the one mapping of hundreds of GiB (maxDbSize reserved, touched as used).
const poolResident = () => {
  let mapping = '';
  let kb = 0;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) mapping = line;
    else if (line.startsWith('Rss:')) {
      const [from, to] = mapping
        .split(' ')[0]
        .split('-')
        .map((hex) => BigInt(`0x${hex}`));
      if (to - from > 2n ** 36n) kb += Number(line.split(/\s+/)[1]);
    }
  }
  return Math.round(kb / 1024);
};
const [transactions = 4000, rowsPer = 40, every = 800] = process.argv.slice(2).map(Number);
const dir = mkdtempSync(join(tmpdir(), 'lbug-native-memory-'));
const path = join(dir, 'db.lbug');
const open = () => new lbug.Database(path, 128 * 2 ** 20, true, false, 2 ** 38, false, -1, false);
let db = open();
let conn = new lbug.Connection(db);
conn.querySync('CALL auto_checkpoint=false');
conn.querySync('CREATE NODE TABLE E(uid STRING, name STRING, PRIMARY KEY(uid))');
conn.querySync('CREATE REL TABLE R(FROM E TO E, uid STRING, text STRING)');
const insert = conn.prepareSync(
  'UNWIND $rows AS r CREATE (a:E {uid: r.a, name: r.a}) CREATE (b:E {uid: r.b, name: r.b}) CREATE (a)-[:R {uid: r.a, text: r.t}]->(b)',
);
trim(0);
console.log(`opened: resident ${resident()} MB`);
let n = 0;
for (let t = 1; t <= transactions; t++) {
  const rows = Array.from({ length: rowsPer }, () => {
    n++;
    return { a: `a-${n}-key`, b: `b-${n}-key`, t: `statement ${n} of the script` };
  });
  conn.executeSync(insert, { rows });
  if (t % every === 0) {
    conn.querySync('CHECKPOINT');
    trim(0);
    console.log(
      `${t} transactions (${2 * n} nodes, ${n} relationships), checkpointed and trimmed: resident ${resident()} MB, of which buffer pool ${poolResident()} MB`,
    );
  }
}
conn.closeSync();
db.closeSync();
await new Promise((resolve) => setTimeout(resolve, 500));
trim(0);
console.log(`closed: resident ${resident()} MB`);
db = open();
conn = new lbug.Connection(db);
const count = conn.querySync('MATCH (e:E) RETURN count(*) AS c').getAllSync()[0].c;
trim(0);
console.log(
  `reopened, ${count} nodes counted: resident ${resident()} MB, of which buffer pool ${poolResident()} MB`,
);
conn.closeSync();
db.closeSync();
rmSync(dir, { recursive: true, force: true });
