import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { Memory } from '../../memory/memory.js';
import { isLoopbackHost } from '../../server/loopback.js';
import { recordHolder } from '../../store/ladybug/holder.js';
import { LadybugStore } from '../../store/ladybug/store.js';
import { type CliIo, intOption, UsageError, withMemory } from '../context.js';
import { readMcpTokens } from '../mcp-tokens.js';

/**
 * `kgmem serve`: one process holding the database, serving the JSON API and the graph viewer
 * until interrupted (Ctrl-C or SIGTERM), then closing the database cleanly.
 */
export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('serve the graph viewer and the JSON API (http://127.0.0.1:7700 by default)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '7700')
    .option('--host <address>', 'address to listen on; anything but loopback needs --token', '127.0.0.1')
    .option('--token <secret>', 'bearer token for writes (and for reads beyond loopback); env KGMEM_TOKEN')
    .option('--cors <origins>', 'comma-separated origins allowed to call the API from a browser')
    .option('--max-body <bytes>', 'largest accepted request body', String(1024 * 1024))
    .option('--open', 'open the viewer in the default browser')
    .option('--mcp-user <id>', 'the memory user MCP clients at /mcp act for (env KGMEM_USER)')
    .option('--mcp-multi-user', 'MCP tools take a user_id argument instead of --mcp-user')
    .option('--mcp-tokens <file>', 'JSON {"<token>": "<user>"}: each token acts for its user over MCP')
    .option(
      '--allow-cypher',
      "offer the MCP tool explore (the ready-made analyst queries over the MCP user's memory) with --mcp-user",
    )
    .action(async (options, command: Command) => {
      const host: string = options.host;
      const token: string | undefined = options.token ?? process.env.KGMEM_TOKEN ?? undefined;
      if (!isLoopbackHost(host) && !token) {
        throw new UsageError(
          `refusing to listen on ${host} without a token: anyone who can reach it could read and change this memory. ` +
            'Pass --token <secret> (clients send "Authorization: Bearer <secret>") or keep the default --host 127.0.0.1.',
        );
      }
      const port = intOption(options.port, '--port', 7700);
      if (port > 65_535) throw new UsageError(`--port must be at most 65535 (got ${port})`);
      const maxBodyBytes = intOption(options.maxBody, '--max-body', 1024 * 1024);
      const corsOrigins = options.cors
        ? String(options.cors)
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [];

      const mcpUser: string | undefined = options.mcpUser ?? process.env.KGMEM_USER ?? undefined;
      if (options.allowCypher && (options.mcpMultiUser || options.mcpTokens)) {
        throw new UsageError(
          `--allow-cypher cannot be combined with ${options.mcpTokens ? '--mcp-tokens' : '--mcp-multi-user'}: those MCP clients act for many users (or one user each), and Cypher would reach every user's memory. With --mcp-user <id> it offers the ready-made queries for that user; per-user clients can reach them at /api/users/<user>/explore/<name>.`,
        );
      }
      const mcp = {
        ...(mcpUser !== undefined ? { user: mcpUser } : {}),
        multiUser: options.mcpMultiUser === true,
        allowCypher: options.allowCypher === true,
        ...(options.mcpTokens ? { tokenUsers: readMcpTokens(String(options.mcpTokens)) } : {}),
      };

      const { startServer } = await import('../../server/serve.js');
      await withMemory(command, async (memory) => {
        const server = await startServer({
          mcp,
          memory,
          host,
          port,
          maxBodyBytes,
          corsOrigins,
          ...(token ? { token } : {}),
        }).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'EADDRINUSE') {
            throw new UsageError(
              `port ${port} on ${host} is already in use (another kgmem serve?); choose another with --port <n> (--port 0 picks a free one)`,
            );
          }
          throw error;
        });
        // Other kgmem commands on this data dir find the server here and read through its API.
        if (memory instanceof Memory && memory.store instanceof LadybugStore)
          recordHolder(memory.store.options.path, { serverUrl: server.url });
        const users = await memory.users();
        const { backend } = await memory.describe();
        io.out(`kgmem serve: viewer and API on ${server.url} (${backend}, ${users.length} users)`);
        io.out(
          token
            ? 'writes need "Authorization: Bearer <token>"'
            : 'writes are off (start with --token to allow them)',
        );
        io.out(
          mcpUser !== undefined || mcp.multiUser || mcp.tokenUsers
            ? `MCP (streamable HTTP) on ${server.url}mcp`
            : 'MCP at /mcp is off (start with --mcp-user <id>, --mcp-multi-user or --mcp-tokens <file>)',
        );
        io.out('press Ctrl-C to stop');
        if (options.open) openInBrowser(server.url);
        await untilSignal();
        io.out('kgmem serve: stopping');
        await server.close();
      });
    });
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}
