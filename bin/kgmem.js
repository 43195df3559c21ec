#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('kgmem: the package is not built yet. Run `npm run build` in the kgmem folder first.');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv);
