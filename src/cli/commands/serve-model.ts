import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { LocalModelRuntime } from '../../extract/local-runtime.js';
import { startLocalModelServer } from '../../extract/local-server.js';
import { type CliIo, intOption, UsageError } from '../context.js';

/**
 * `kgmem serve-model <file.gguf>`: serves a local model on 127.0.0.1 as an OpenAI-compatible chat
 * server (`/v1/chat/completions` with `json_schema`, `json_object` and tools; no embeddings) until
 * interrupted. Prints the two settings a memory (or any OpenAI client) uses to reach it.
 */
export function registerServeModel(program: Command, io: CliIo): void {
  program
    .command('serve-model')
    .description('serve a local GGUF model on 127.0.0.1 as an OpenAI-compatible chat server')
    .argument('<file>', 'the model file (npm run llm:local fetches one)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '0')
    .option('--threads <n>', 'CPU threads for generation (default: every core)')
    .option('--name <model>', 'the model name clients send (default: the file name)')
    .action(async (file: string, options: { port: string; threads?: string; name?: string }) => {
      if (!existsSync(file))
        throw new UsageError(`no such model file: ${file} (npm run llm:local fetches one)`);
      const port = intOption(options.port, '--port', 0);
      if (port > 65_535) throw new UsageError(`--port must be at most 65535 (got ${port})`);
      const threads = options.threads === undefined ? undefined : intOption(options.threads, '--threads', 1);
      const name = options.name ?? basename(file).replace(/\.gguf$/i, '');
      const runtime = new LocalModelRuntime({ path: file, ...(threads ? { threads } : {}) });
      // Loaded before the address is printed: a client that reads it finds the model ready.
      await runtime.tokenize('ready');
      const server = await startLocalModelServer({ runtime, name, port });
      io.out(`OPENAI_BASE_URL=${server.url}`);
      io.out(`KGMEM_MODEL=${name}`);
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
      await runtime.dispose();
    });
}
