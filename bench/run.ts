import { cpus } from 'node:os';
import { benchExtraction } from './extraction.js';

/** `npm run bench`: prints every benchmark as Markdown tables. */
async function main(): Promise<void> {
  console.log(
    `# kgmem benchmarks\n\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}\n`,
  );
  console.log(await benchExtraction());
}

await main();
