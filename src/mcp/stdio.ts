import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpOptions } from './server.js';

/**
 * Serves MCP over this process's stdin and stdout (how desktop and IDE clients start a server)
 * until the client closes stdin or the process is told to stop (SIGINT, SIGTERM). Nothing else
 * may write to stdout meanwhile: it carries the protocol.
 */
export async function serveMcpOverStdio(options: McpOptions): Promise<void> {
  const server = await createMcpServer(options);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      process.stdin.off('end', stop);
      resolve();
    };
    transport.onclose = stop;
    process.stdin.once('end', stop);
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
