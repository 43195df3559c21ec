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
// KGMEM_NEO4J_PAGECACHE_MB (default 1024), JAVA_HOME. State lives in .neo4j/ at the repository
// root (ignored by git).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, backgroundService } from './background.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LAUNCHER = join(ROOT, 'neo4j-local');
const TARGET = join(LAUNCHER, 'target');
const STATE_DIR = join(ROOT, '.neo4j');
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

const service = backgroundService({ name: 'neo4j', stateFile: join(STATE_DIR, 'state.json'), logFile: LOG });
const { fail, note } = service;

function printConnection(state) {
  process.stdout.write(
    `NEO4J_URI=${state.uri}\nNEO4J_USER=${state.user}\nNEO4J_PASSWORD=${state.password}\n`,
  );
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
  const running = service.readState();
  if (running && alive(running.pid)) {
    note(`already running (pid ${running.pid}) at ${running.uri}; stop it with npm run neo4j:stop`);
    printConnection(running);
    return;
  }
  if (running) cleanup(running);
  const javaCommand = java();
  build();
  const dataDir = mkdtempSync(join(tmpdir(), 'kgmem-neo4j-'));
  const password = randomBytes(12).toString('hex');
  const port = Number(process.env.KGMEM_NEO4J_PORT ?? 0);
  const classpath = `${join(TARGET, 'classes')}:${join(TARGET, 'lib', '*')}`;
  const child = service.launch(javaCommand, [
    `-Xmx${process.env.KGMEM_NEO4J_HEAP ?? '2g'}`,
    ...JVM_FLAGS,
    '-cp',
    classpath,
    'dev.kgmem.neo4j.LocalNeo4j',
    dataDir,
    String(port),
    password,
  ]);
  const uri = await service.waitUntilReady(
    child,
    async (log) => {
      const ready = /READY (bolt:\/\/127\.0\.0\.1:\d+)/.exec(log)?.[1];
      if (ready && (await boltAnswers(Number(new URL(ready.replace('bolt:', 'http:')).port)))) return ready;
      return undefined;
    },
    START_TIMEOUT_MS,
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  const state = { pid: child.pid, uri, user: USER, password, dataDir, startedAt: new Date().toISOString() };
  service.writeState(state);
  note(`Neo4j 5.26 (pid ${child.pid}) answers at ${uri}`);
  printConnection(state);
}

function cleanup(state) {
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  service.clearState();
}

async function stop() {
  const state = service.readState();
  if (!state) {
    note('no local Neo4j is running');
    return;
  }
  await service.stopProcess(state.pid, 30_000);
  cleanup(state);
  note(`stopped (pid ${state.pid}); its data is removed`);
}

function status() {
  const state = service.readState();
  if (state && alive(state.pid)) {
    note(`running (pid ${state.pid}) at ${state.uri}`);
    printConnection(state);
  } else {
    note('not running');
    process.exitCode = 1;
  }
}

await service.main({ start, stop, status });
