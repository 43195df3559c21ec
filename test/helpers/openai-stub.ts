import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of the stub. */
export type StubReply =
  | { kind: 'tool'; arguments: string | Record<string, unknown>; name?: string }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'text'; content: string };

/** A request the stub received. */
export interface StubRequest {
  path: string;
  /** The request's Authorization header, if any. */
  authorization?: string;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    tools?: { function: { name: string } }[];
  };
}

/**
 * A local OpenAI-compatible server on 127.0.0.1 for model-path tests: the real `ChatOpenAI`
 * client talks to it over HTTP. Replies are scripted (a queue, then a fallback), and every
 * request is recorded so tests can count model calls and read prompts.
 */
export class OpenAIStub {
  /** Chat-completion requests, in order. */
  readonly requests: StubRequest[] = [];
  /** Embedding requests (answered with deterministic vectors, never from the reply queue). */
  readonly embeddingRequests: StubRequest[] = [];
  private readonly queue: StubReply[] = [];
  private server: Server | undefined;
  /** Answer used when the queue is empty (a reply, or a function of the request). */
  fallback: StubReply | ((request: StubRequest) => StubReply) = {
    kind: 'status',
    status: 500,
    message: 'no scripted reply',
  };

  /** Queues replies, answered in order. */
  reply(...replies: StubReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Starts listening on a random loopback port; returns the base URL (`…/v1`). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Stops the server. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  private embed(
    body: { input?: string | string[]; dimensions?: number; encoding_format?: string },
    res: ServerResponse,
  ): void {
    const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
    const dimension = body.dimensions ?? 1536;
    const data = inputs.map((input, index) => {
      const vector = new Array<number>(dimension).fill(0);
      for (let i = 0; i < String(input).length; i++) {
        const slot = (String(input).charCodeAt(i) * 31 + i) % dimension;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
      // The OpenAI SDK asks for base64 (little-endian float32) by default.
      const embedding =
        body.encoding_format === 'base64'
          ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
          : vector;
      return { object: 'embedding', index, embedding };
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        object: 'list',
        data,
        model: 'stub-embedding',
        usage: { prompt_tokens: 1, total_tokens: 1 },
      }),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as StubRequest['body']) : {};
    const authorization = req.headers.authorization;
    if (req.url?.endsWith('/embeddings')) {
      this.embeddingRequests.push({ path: req.url, body, ...(authorization ? { authorization } : {}) });
      this.embed(body as { input?: string | string[]; dimensions?: number; encoding_format?: string }, res);
      return;
    }
    this.requests.push({ path: req.url ?? '', body, ...(authorization ? { authorization } : {}) });
    const request = this.requests.at(-1) as StubRequest;
    const reply =
      this.queue.shift() ?? (typeof this.fallback === 'function' ? this.fallback(request) : this.fallback);
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: reply.message ?? `status ${reply.status}`, type: 'stub' } }),
      );
      return;
    }
    const toolName = (reply.kind === 'tool' && reply.name) || (body.tools?.[0]?.function.name ?? 'tool');
    // A structured answer comes as the request asked for it: a tool call, or JSON content for a
    // request with response_format (json_schema or json_object) and no tools.
    const asContent =
      reply.kind === 'tool' && !body.tools && (body as { response_format?: unknown }).response_format;
    const message =
      reply.kind === 'tool' && asContent
        ? {
            role: 'assistant',
            content: typeof reply.arguments === 'string' ? reply.arguments : JSON.stringify(reply.arguments),
          }
        : reply.kind === 'tool'
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${this.requests.length}`,
                  type: 'function',
                  function: {
                    name: toolName,
                    arguments:
                      typeof reply.arguments === 'string' ? reply.arguments : JSON.stringify(reply.arguments),
                  },
                },
              ],
            }
          : { role: 'assistant', content: reply.content };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${this.requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model ?? 'stub',
        choices: [
          { index: 0, message, finish_reason: reply.kind === 'tool' && !asContent ? 'tool_calls' : 'stop' },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  }
}
