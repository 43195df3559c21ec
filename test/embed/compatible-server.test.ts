import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory } from '../../src/memory/create.js';
import { runCli } from '../helpers/cli.js';
import { OpenAIStub } from '../helpers/openai-stub.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Embeddings from an OpenAI-compatible server on loopback (`KGMEM_EMBEDDINGS_BASE_URL`), through
 * kgmem's own OpenAI embedder and the real client, apart from extraction. The server is a stub
 * answering fixed vectors (the real model is `npm run embeddings:start`, used by the benchmarks).
 */
describe('embeddings from an OpenAI-compatible server, configured apart from extraction', () => {
  const embeddingsServer = new OpenAIStub();
  const chatServer = new OpenAIStub();
  let embeddingsUrl = '';
  let chatUrl = '';

  beforeAll(async () => {
    embeddingsUrl = await embeddingsServer.start();
    chatUrl = await chatServer.start();
  });
  afterAll(async () => {
    await embeddingsServer.stop();
    await chatServer.stop();
  });

  it('embeds every write and query through the server while the rules extract, offline', async () => {
    const dir = tempDir('kgmem-emb-');
    const before = embeddingsServer.embeddingRequests.length;
    const memory = await createMemory({
      dataDir: dir.path,
      env: {
        KGMEM_EMBEDDINGS_BASE_URL: embeddingsUrl,
        KGMEM_EMBEDDING_MODEL: 'stub-embedding',
        KGMEM_EMBEDDINGS_API_KEY: 'embeddings-key',
      },
    });
    try {
      expect(memory.embedder.identity).toEqual({
        provider: 'openai-compatible',
        model: 'stub-embedding',
        dimension: 1536,
      });
      expect(memory.extractor.description).toMatch(/^rules/);
      const result = await memory.remember({
        userId: 'ana',
        messages: [{ role: 'user', content: 'I play the cello. My friend Tomas loves ramen.' }],
      });
      expect(result.added).toBe(3);
      const recalled = await memory.recall({ userId: 'ana', query: 'What does Tomas love?' });
      expect(recalled.facts[0]?.statement).toBe('Tomas loves ramen');
      const requests = embeddingsServer.embeddingRequests.slice(before);
      expect(requests.length).toBeGreaterThanOrEqual(3);
      for (const request of requests) {
        expect(request.body.model).toBe('stub-embedding');
        expect(request.authorization).toBe('Bearer embeddings-key');
      }
      expect(chatServer.requests).toHaveLength(0);
    } finally {
      await memory.close();
      dir.remove();
    }
  });

  it('never sends the chat model key to the embeddings server', async () => {
    const dir = tempDir('kgmem-emb-');
    const before = embeddingsServer.embeddingRequests.length;
    chatServer.fallback = { kind: 'tool', arguments: { triples: [], contradicted: [] } };
    const memory = await createMemory({
      dataDir: dir.path,
      env: {
        KGMEM_EMBEDDINGS_BASE_URL: embeddingsUrl,
        KGMEM_EMBEDDING_MODEL: 'stub-embedding',
        OPENAI_API_KEY: 'sk-chat-secret',
        OPENAI_BASE_URL: chatUrl,
      },
    });
    try {
      await memory.remember({ userId: 'bo', messages: [{ role: 'user', content: 'I live in Oslo.' }] });
      expect(chatServer.requests.length).toBeGreaterThan(0);
      expect(chatServer.requests.every((r) => r.authorization === 'Bearer sk-chat-secret')).toBe(true);
      const requests = embeddingsServer.embeddingRequests.slice(before);
      expect(requests.length).toBeGreaterThan(0);
      expect(requests.some((r) => r.authorization?.includes('sk-chat-secret'))).toBe(false);
      expect(chatServer.embeddingRequests).toHaveLength(0);
    } finally {
      await memory.close();
      dir.remove();
    }
  });

  it('says what is missing: the model name, or a server that answers', async () => {
    const dir = tempDir('kgmem-emb-');
    try {
      await expect(
        createMemory({ dataDir: dir.path, env: { KGMEM_EMBEDDINGS_BASE_URL: embeddingsUrl } }),
      ).rejects.toThrow(/KGMEM_EMBEDDING_MODEL/);
      await expect(
        createMemory({
          dataDir: dir.path,
          env: { KGMEM_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1', KGMEM_EMBEDDING_MODEL: 'm' },
        }),
      ).rejects.toThrow(/did not answer.*embeddings:start/);
    } finally {
      dir.remove();
    }
  });

  it('the CLI honours it without switching extraction', async () => {
    const dir = tempDir('kgmem-emb-cli-');
    try {
      const env = { KGMEM_EMBEDDINGS_BASE_URL: embeddingsUrl, KGMEM_EMBEDDING_MODEL: 'stub-embedding' };
      const schema = await runCli(['schema', 'apply'], { dataDir: dir.path, env });
      expect(schema.code, schema.stderr).toBe(0);
      expect(schema.stdout).toContain('embedding dimension: 1536 (stub-embedding at http://127.0.0.1:');
      const before = embeddingsServer.embeddingRequests.length;
      const remembered = await runCli(['remember', '-', '--user', 'cy'], {
        dataDir: dir.path,
        env,
        input: 'I work at Acme Robotics.\n',
      });
      expect(remembered.code, remembered.stderr).toBe(0);
      expect(embeddingsServer.embeddingRequests.length).toBeGreaterThan(before);
      const facts = await runCli(['facts', '--user', 'cy', '--json'], { dataDir: dir.path, env });
      expect(JSON.parse(facts.stdout).map((f: { statement: string }) => f.statement)).toEqual([
        'User works at Acme Robotics',
      ]);
    } finally {
      dir.remove();
    }
  });
});
