#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('kgmem: the package is not built yet. Run `npm run build` in the kgmem folder first.');
  process.exit(1);
}

// The long-running commands run with a bounded V8 heap (KGMEM_HEAP_MB, default 1024; 0 keeps
// Node's own), so garbage is collected before the process grows: with Node's default on a large
// machine (a quarter of its memory) V8 lets a server's garbage pile up to gigabytes.
const LONG_RUNNING = new Set(['serve', 'mcp']);
const heapMb = process.env.KGMEM_HEAP_MB ?? '1024';
const heapGiven = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) =>
  arg.startsWith('--max-old-space-size'),
);
if (LONG_RUNNING.has(process.argv[2] ?? '') && !heapGiven && heapMb !== '0') {
  if (!/^\d+$/.test(heapMb) || Number(heapMb) < 128) {
    console.error(`kgmem: KGMEM_HEAP_MB must be a number of megabytes, 128 or more, or 0 (got "${heapMb}")`);
    process.exit(2);
  }
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      `--max-old-space-size=${heapMb}`,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  // A terminal's Ctrl-C reaches both processes; SIGTERM and SIGHUP are passed on.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 1 : 0));
  });
} else {
  const { main } = await import(entry.href);
  process.exitCode = await main(process.argv);
}
