import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnswerShape, LocalModelRuntime } from './local-runtime.js';
import type { PromptMessage } from './prompt.js';

/** Options of {@link startLocalModelServer}. */
export interface LocalServerOptions {
  runtime: LocalModelRuntime;
  /** The model's name in requests and answers. */
  name: string;
  /** @default 0 (any free port) */
  port?: number;
  /** Most tokens of an answer when a request does not say. @default 1024 */
  maxTokens?: number;
}

/** A running local server: its base URL (`…/v1`) and how to stop it. */
export interface LocalModelServer {
  url: string;
  close(): Promise<void>;
}

interface ChatRequest {
  model?: string;
  messages?: {
    role?: string;
    content?: unknown;
    tool_calls?: { function?: { name?: string; arguments?: string } }[];
  }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: Record<string, unknown> } };
  tools?: { type?: string; function?: { name?: string; parameters?: Record<string, unknown> } }[];
  tool_choice?: unknown;
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stream?: boolean;
}

/**
 * Serves a local model ({@link LocalModelRuntime}) on 127.0.0.1 as an OpenAI-compatible chat
 * server: `POST /v1/chat/completions` with plain text, `response_format` `json_schema` or
 * `json_object`, or tools (the answer a call of the chosen tool, its arguments constrained to the
 * tool's schema), and `GET /v1/models`. Like most chat-only servers it has no `/v1/embeddings`
 * (404). For tests of the `ChatOpenAI` path and for other tools; loopback only, no streaming.
 */
export async function startLocalModelServer(options: LocalServerOptions): Promise<LocalModelServer> {
  const server = createServer((req, res) => {
    handle(req, res, options).catch((error: unknown) => {
      reply(res, 500, {
        error: { message: `the local model failed: ${String(error)}`, type: 'server_error' },
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: LocalServerOptions): Promise<void> {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && path === '/v1/models') {
    reply(res, 200, { object: 'list', data: [{ id: options.name, object: 'model', owned_by: 'local' }] });
    return;
  }
  if (req.method !== 'POST' || path !== '/v1/chat/completions') {
    reply(res, 404, {
      error: { message: `no ${req.method} ${path} here (this server only chats)`, type: 'not_found' },
    });
    return;
  }
  let body: ChatRequest;
  try {
    let text = '';
    for await (const chunk of req) text += chunk;
    body = JSON.parse(text) as ChatRequest;
  } catch {
    reply(res, 400, { error: { message: 'the request body is not JSON', type: 'invalid_request_error' } });
    return;
  }
  if (body.stream) {
    reply(res, 400, {
      error: { message: 'stream is not supported by this server', type: 'invalid_request_error' },
    });
    return;
  }
  const messages = promptOf(body);
  if (!messages) {
    reply(res, 400, {
      error: { message: 'messages must be a non-empty list', type: 'invalid_request_error' },
    });
    return;
  }
  const tool = chosenTool(body);
  const shape: AnswerShape = tool
    ? { jsonSchema: withoutMeta(tool.parameters ?? { type: 'object', properties: {} }) }
    : body.response_format?.type === 'json_schema' && body.response_format.json_schema?.schema
      ? { jsonSchema: withoutMeta(body.response_format.json_schema.schema) }
      : body.response_format?.type === 'json_object'
        ? 'json'
        : 'text';
  const generated = await options.runtime.generate(messages, {
    shape,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? options.maxTokens ?? 1024,
    temperature: body.temperature ?? 0,
  });
  const finish = generated.stop === 'maxTokens' ? 'length' : tool ? 'tool_calls' : 'stop';
  const message = tool
    ? {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `call_${Date.now()}`,
            type: 'function',
            function: { name: tool.name, arguments: generated.text },
          },
        ],
      }
    : { role: 'assistant', content: generated.text };
  reply(res, 200, {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? options.name,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  });
}

/** The request's messages as a chat (tool calls and results as text). */
function promptOf(body: ChatRequest): PromptMessage[] | undefined {
  if (!Array.isArray(body.messages) || body.messages.length === 0) return undefined;
  return body.messages.map((m) => {
    const content = textOf(m.content);
    if (m.role === 'system' || m.role === 'developer') return { role: 'system', content };
    if (m.role === 'assistant') {
      const call = m.tool_calls?.[0]?.function;
      return { role: 'assistant', content: call ? (call.arguments ?? '') : content };
    }
    if (m.role === 'tool') return { role: 'user', content: `Tool result: ${content}` };
    return { role: 'user', content };
  });
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) =>
        typeof part === 'object' && part && 'text' in part ? String((part as { text: unknown }).text) : '',
      )
      .join('');
  return '';
}

/** The tool a request asks to be called (its choice, or the only or first tool), unless none. */
function chosenTool(body: ChatRequest): { name: string; parameters?: Record<string, unknown> } | undefined {
  const tools = (body.tools ?? []).flatMap((t) => (t.function?.name ? [t.function] : [])) as {
    name: string;
    parameters?: Record<string, unknown>;
  }[];
  if (tools.length === 0 || body.tool_choice === 'none') return undefined;
  const named =
    typeof body.tool_choice === 'object' && body.tool_choice
      ? (body.tool_choice as { function?: { name?: string } }).function?.name
      : undefined;
  return tools.find((t) => t.name === named) ?? tools[0];
}

function withoutMeta(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _, ...rest } = schema;
  return rest;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
