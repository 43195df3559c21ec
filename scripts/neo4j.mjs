#!/usr/bin/env node
// kgmem's local Neo4j (Neo4j 5.26 Community, from Neo4j's own test harness on Maven Central),
// for tests, benchmarks and anyone without Docker. Needs Java 17+ and Maven; uses no npm package,
// so it runs before `npm ci`.
//
//   node scripts/neo4j.mjs start   builds the launcher on first use (neo4j-local/, with Maven),
//                                  starts Neo4j in the background with Bolt on 127.0.0.1, waits
//                                  until Bolt answers, and prints exactly three lines:
//                                  NEO4J_URI=…, NEO4J_USER=…, NEO4J_PASSWORD=…
//   node scripts/neo4j.mjs stop    stops it and removes its data
//   node scripts/neo4j.mjs status  says whether one runs (and prints its three lines)
//
// Environment: KGMEM_NEO4J_PORT (default: any free port), KGMEM_NEO4J_HEAP (default 2g),
// JAVA_HOME. State lives in .neo4j/ at the repository root (ignored by git).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAUNCHER = join(ROOT, 'neo4j-local');
const TARGET = join(LAUNCHER, 'target');
const STATE_DIR = join(ROOT, '.neo4j');
const STATE = join(STATE_DIR, 'state.json');
const LOG = join(STATE_DIR, 'neo4j.log');
const USER = 'neo4j';
const START_TIMEOUT_MS = 180_000;
// The JVM flags Neo4j's own configuration ships (server.jvm.additional in neo4j.conf) that matter
// for the embedded engine on Java 17.
const JVM_FLAGS = [
  '-XX:+UseG1GC',
  '-XX:-OmitStackTraceInFastThrow',
  '-XX:+DisableExplicitGC',
  '-Djdk.nio.maxCachedBufferSize=1024',
  '-Dio.netty.tryReflectionSetAccessible=true',
  '-Dlog4j2.disable.jmx=true',
  '--add-opens=java.base/java.nio=ALL-UNNAMED',
  '--add-opens=java.base/java.io=ALL-UNNAMED',
  '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens=java.base/java.lang=ALL-UNNAMED',
];

function fail(message) {
  process.stderr.write(`neo4j: ${message}\n`);
  process.exit(1);
}

function note(message) {
  process.stderr.write(`neo4j: ${message}\n`);
}

function printConnection(state) {
  process.stdout.write(
    `NEO4J_URI=${state.uri}\nNEO4J_USER=${state.user}\nNEO4J_PASSWORD=${state.password}\n`,
  );
}

function readState() {
  if (!existsSync(STATE)) return undefined;
  try {
    return JSON.parse(readFileSync(STATE, 'utf8'));
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function java() {
  const fromHome = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : undefined;
  const command = fromHome && existsSync(fromHome) ? fromHome : 'java';
  const probe = spawnSync(command, ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    fail(
      'Java 17 or newer is needed to run the local Neo4j: install it (Debian: apt-get install openjdk-17-jdk-headless) or set JAVA_HOME.',
    );
  const version = /version "(\d+)/.exec(`${probe.stderr}${probe.stdout}`)?.[1];
  if (version && Number(version) < 17)
    fail(
      `Java ${version} found, Neo4j 5.26 needs Java 17 or newer: install it (Debian: apt-get install openjdk-17-jdk-headless) or set JAVA_HOME.`,
    );
  return command;
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** Builds the launcher (classes and dependency JARs) unless a build newer than its sources exists. */
function build() {
  const marker = join(TARGET, 'kgmem-neo4j-local.built');
  const sources = Math.max(newestMtime(join(LAUNCHER, 'pom.xml')), newestMtime(join(LAUNCHER, 'src')));
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) return;
  const probe = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    fail(
      'Maven is needed to build the local Neo4j on first use: install it (Debian: apt-get install maven).',
    );
  note('building the launcher (first use: Maven fetches the Neo4j harness, about 150 MB)…');
  const result = spawnSync('mvn', ['-q', '-B', '-DskipTests', 'package'], {
    cwd: LAUNCHER,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) fail('the Maven build of neo4j-local/ failed (see above).');
  writeFileSync(marker, new Date().toISOString());
}

/** Resolves when Bolt on the port answers its handshake with a protocol version. */
function boltAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => {
      // Magic preamble, then four proposed versions (5.x ranges, then 4.4): see the Bolt spec.
      socket.write(Buffer.from([0x60, 0x60, 0xb0, 0x17, 0, 4, 4, 5, 0, 0, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0]));
    });
    socket.on('data', (data) => done(data.length >= 4 && data.readUInt32BE(0) !== 0));
  });
}

async function start() {
  const running = readState();
  if (running && alive(running.pid)) {
    note(`already running (pid ${running.pid}) at ${running.uri}; stop it with npm run neo4j:stop`);
    printConnection(running);
    return;
  }
  if (running) cleanup(running);
  const javaCommand = java();
  build();
  mkdirSync(STATE_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kgmem-neo4j-'));
  const password = randomBytes(12).toString('hex');
  const port = Number(process.env.KGMEM_NEO4J_PORT ?? 0);
  const classpath = `${join(TARGET, 'classes')}:${join(TARGET, 'lib', '*')}`;
  const log = openSync(LOG, 'w');
  const child = spawn(
    javaCommand,
    [
      `-Xmx${process.env.KGMEM_NEO4J_HEAP ?? '2g'}`,
      ...JVM_FLAGS,
      '-cp',
      classpath,
      'dev.kgmem.neo4j.LocalNeo4j',
      dataDir,
      String(port),
      password,
    ],
    { detached: true, stdio: ['ignore', log, log] },
  );
  child.unref();
  closeSync(log);
  const deadline = Date.now() + START_TIMEOUT_MS;
  let uri;
  while (Date.now() < deadline) {
    if (!alive(child.pid)) {
      rmSync(dataDir, { recursive: true, force: true });
      fail(`Neo4j exited while starting; its log is ${LOG}:\n${tail(LOG)}`);
    }
    uri = /READY (bolt:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(LOG, 'utf8'))?.[1];
    if (uri && (await boltAnswers(Number(new URL(uri.replace('bolt:', 'http:')).port)))) break;
    uri = undefined;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!uri) {
    process.kill(child.pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    fail(
      `Neo4j did not answer on Bolt within ${START_TIMEOUT_MS / 1000} s; its log is ${LOG}:\n${tail(LOG)}`,
    );
  }
  const state = { pid: child.pid, uri, user: USER, password, dataDir, startedAt: new Date().toISOString() };
  writeFileSync(STATE, JSON.stringify(state, null, 2));
  note(`Neo4j 5.26 (pid ${child.pid}) answers at ${uri}`);
  printConnection(state);
}

function tail(path) {
  try {
    return readFileSync(path, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

function cleanup(state) {
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(STATE, { force: true });
}

async function stop() {
  const state = readState();
  if (!state) {
    note('no local Neo4j is running');
    return;
  }
  if (alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  cleanup(state);
  note(`stopped (pid ${state.pid}); its data is removed`);
}

function status() {
  const state = readState();
  if (state && alive(state.pid)) {
    note(`running (pid ${state.pid}) at ${state.uri}`);
    printConnection(state);
  } else {
    note('not running');
    process.exitCode = 1;
  }
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') await stop();
else if (command === 'status') status();
else fail('usage: node scripts/neo4j.mjs start | stop | status');
