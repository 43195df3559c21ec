import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HashingEmbeddings } from '../../src/embed/hashing.js';
import { localModel } from '../../src/extract/local-model.js';
import { LocalModelRuntime } from '../../src/extract/local-runtime.js';
import { startLocalModelServer } from '../../src/extract/local-server.js';
import { createMemory } from '../../src/memory/create.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Extraction by a real language model, in process (node-llama-cpp) and through `ChatOpenAI`
 * against kgmem's local OpenAI-compatible server, with each structured-output method. The model
 * file is in KGMEM_TEST_LLM (`npm run llm:local` prints it; .ci/run fetches the 1.5B); without
 * it these tests say so, and in CI they fail. Few turns: ~10–20 s each on one core.
 */
const modelPath = process.env.KGMEM_TEST_LLM ?? '';
const KYOTO = 'I moved to Kyoto last spring and I work at the aquarium there.';
const THREADS = 2;
// A test makes two or three model calls of ~10–20 s each on an idle machine, several times that
// on a busy one: time is bounded by each call's own timeout, not by the test runner's default.
const REAL_MODEL = { timeout: 600_000 };

describe('the model file fetch refuses a file that is not the official one', () => {
  it('verify: a file of the wrong size or hash is refused with a clear error', () => {
    const dir = tempDir('kgmem-llm-');
    try {
      const file = join(dir.path, 'fake.gguf');
      writeFileSync(file, 'GGUF not really a model');
      const script = fileURLToPath(new URL('../../scripts/llm.mjs', import.meta.url));
      const run = spawnSync(process.execPath, [script, 'verify', file, '0.5b'], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(
        /is not the official qwen2\.5-coder-0\.5b-instruct-q4_k_m\.gguf: its size is 23 bytes/,
      );
    } finally {
      dir.remove();
    }
  });
});

if (!modelPath) {
  describe('a real language model', () => {
    if (process.env.CI)
      it('must run in CI: KGMEM_TEST_LLM is not set', () => {
        throw new Error(
          'CI tests extraction by a real model: run `npm run llm:local 1.5b` and set KGMEM_TEST_LLM to the path it prints (.ci/run does)',
        );
      });
    else it.skip('not run: KGMEM_TEST_LLM is not set (npm run llm:local prints the model path)', () => {});
  });
} else {
  describe('extraction by a real language model in this process', REAL_MODEL, () => {
    const extractor = localModel({ path: modelPath, threads: THREADS });
    const dirs: { remove: () => void }[] = [];
    afterAll(async () => {
      await extractor.dispose();
      for (const dir of dirs) dir.remove();
    });

    it('stores where the user lives and works, recalls it, and a move closes the old home', async () => {
      const dir = tempDir('kgmem-llm-');
      dirs.push(dir);
      const memory = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings(),
        env: {},
        extractor,
      });
      try {
        const first = await memory.remember({ userId: 'u', messages: [{ role: 'user', content: KYOTO }] });
        expect(first).toMatchObject({ status: 'extracted', requests: 1 });
        const facts = await memory.facts('u');
        expect(facts.map((f) => `${f.predicate} ${f.object}`)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^lives[ _]in Kyoto$/),
            expect.stringMatching(/^works[ _]at (the )?aquarium$/i),
          ]),
        );
        const recalled = await memory.recall({ userId: 'u', query: 'where do I live' });
        expect(recalled.facts[0]?.object).toBe('Kyoto');
        const moved = await memory.remember({
          userId: 'u',
          messages: [{ role: 'user', content: 'Big news: we just moved to Osaka.' }],
        });
        expect(moved.status).toBe('extracted');
        const homes = await memory.facts('u', { predicate: 'lives_in', includeHistory: true });
        expect(homes.find((f) => f.object === 'Osaka')?.validTo).toBeNull();
        expect(homes.find((f) => f.object === 'Kyoto')?.validTo).not.toBeNull();
      } finally {
        await memory.close();
      }
    });

    it('keeps a turn whose answer reached the token limit as a failed episode, and loses nothing', async () => {
      const dir = tempDir('kgmem-llm-');
      dirs.push(dir);
      const cut = localModel({ path: modelPath, threads: THREADS, maxTokens: 6 });
      const memory = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings(),
        env: {},
        extractor: cut,
      });
      try {
        const result = await memory.remember({ userId: 'u', messages: [{ role: 'user', content: KYOTO }] });
        expect(result.status).toBe('failed');
        expect(result.error).toMatch(/token limit \(6, maxTokens\)/);
        const [episode] = await memory.listEpisodes('u');
        expect(episode?.status).toBe('failed');
        expect(episode?.messages[0]?.content).toBe(KYOTO);
        expect(await memory.facts('u')).toEqual([]);
      } finally {
        await memory.close();
        await cut.dispose();
      }
    });

    it('keeps a turn the model did not answer in time as a failed episode, extracted later by reextract', async () => {
      const dir = tempDir('kgmem-llm-');
      dirs.push(dir);
      const slow = localModel({ path: modelPath, threads: THREADS, timeoutMs: 1 });
      const first = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings(),
        env: {},
        extractor: slow,
      });
      try {
        const result = await first.remember({ userId: 'u', messages: [{ role: 'user', content: KYOTO }] });
        expect(result.status).toBe('failed');
        expect(result.error).toMatch(/did not answer within/);
      } finally {
        await first.close();
        await slow.dispose();
      }
      const second = await createMemory({
        dataDir: dir.path,
        embeddings: new HashingEmbeddings(),
        env: {},
        extractor,
      });
      try {
        const [again] = await second.reextract('u');
        expect(again?.status).toBe('extracted');
        expect((await second.facts('u')).map((f) => f.object)).toContain('Kyoto');
      } finally {
        await second.close();
      }
    });
  });

  describe('extraction through ChatOpenAI against the local OpenAI-compatible server', REAL_MODEL, () => {
    const runtime = new LocalModelRuntime({ path: modelPath, threads: THREADS });
    let url = '';
    let close: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const server = await startLocalModelServer({ runtime, name: 'local-qwen' });
      url = server.url;
      close = server.close;
    });
    afterAll(async () => {
      await close();
      await runtime.dispose();
    });

    it.each(['jsonSchema', 'functionCalling', 'jsonMode'])(
      'structured output by %s: one request, where the user lives and works stored',
      async (method) => {
        const dir = tempDir('kgmem-llm-');
        const memory = await createMemory({
          dataDir: dir.path,
          embeddings: new HashingEmbeddings(),
          env: { OPENAI_BASE_URL: url, KGMEM_MODEL: 'local-qwen', KGMEM_STRUCTURED_OUTPUT: method },
        });
        try {
          expect(memory.extractor.description).toBe('llm:local-qwen');
          const result = await memory.remember({ userId: 'u', messages: [{ role: 'user', content: KYOTO }] });
          expect(result).toMatchObject({ status: 'extracted', requests: 1 });
          expect((await memory.facts('u')).map((f) => f.object)).toContain('Kyoto');
        } finally {
          await memory.close();
          dir.remove();
        }
      },
    );

    it('a chat-only server is not used to embed: named as the embeddings server, its 404 is a clear error', async () => {
      const dir = tempDir('kgmem-llm-');
      try {
        await expect(
          createMemory({
            dataDir: dir.path,
            env: {
              OPENAI_BASE_URL: url,
              KGMEM_EMBEDDINGS_BASE_URL: url,
              KGMEM_EMBEDDING_MODEL: 'local-qwen',
            },
          }),
        ).rejects.toMatchObject({
          name: 'InvalidInputError',
          message: expect.stringMatching(/has no embeddings endpoint \(404.*KGMEM_EMBEDDINGS=local:<dir>/),
        });
        const memory = await createMemory({
          dataDir: dir.path,
          env: { OPENAI_BASE_URL: url, KGMEM_MODEL: 'local-qwen' },
        });
        try {
          expect(memory.embedder.description).toMatch(/hashing/i);
        } finally {
          await memory.close();
        }
      } finally {
        dir.remove();
      }
    });
  });

  describe('the command line with KGMEM_MODEL=local:<file>', REAL_MODEL, () => {
    it('remembers a sentence given as the argument and recalls where the user lives', async () => {
      const dir = tempDir('kgmem-llm-cli-');
      try {
        const env = { KGMEM_MODEL: `local:${modelPath}`, KGMEM_MODEL_THREADS: String(THREADS) };
        const remembered = await runCli(['remember', KYOTO, '--user', 'me'], {
          dataDir: dir.path,
          env,
          timeoutMs: 300_000,
        });
        expect(remembered.code, remembered.stderr).toBe(0);
        expect(remembered.stdout).toMatch(/turn 1: extracted/);
        const recall = await runCli(['recall', 'where do I live', '--user', 'me', '--json'], {
          dataDir: dir.path,
        });
        expect(recall.code, recall.stderr).toBe(0);
        expect(JSON.parse(recall.stdout).facts[0].object).toBe('Kyoto');
      } finally {
        dir.remove();
      }
    }, 300_000);
  });
}
