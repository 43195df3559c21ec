import { readFileSync } from 'node:fs';
import { HashingEmbeddings } from '../src/embed/hashing.js';
import { extractSentence, splitSentences } from '../src/extract/rules.js';
import { createMemory } from '../src/memory/create.js';
import { OpenAIStub, type StubRequest } from '../test/helpers/openai-stub.js';
import { tempDir } from '../test/helpers/temp-dir.js';
import { markdownTable } from './table.js';

interface DemoFile {
  users: {
    userId: string;
    threads: { threadId: string; at: string; turns: { role: string; content: string }[][] }[];
  }[];
}

/**
 * Model requests and prompt size per `remember()` for the bundled demo conversations, through
 * the real ChatOpenAI client against a local OpenAI-compatible stub (no network). The stub
 * answers what the rule extractor reads from the turn, so the known-facts part of each prompt
 * grows as it would with a real model.
 */
export async function benchExtraction(): Promise<string> {
  const demo = JSON.parse(
    readFileSync(new URL('../examples/demo-conversations.json', import.meta.url), 'utf8'),
  ) as DemoFile;
  const stub = new OpenAIStub();
  stub.fallback = (request: StubRequest) => {
    const prompt = request.body.messages?.at(-1)?.content ?? '';
    const turn = prompt.split('\nTurn: ')[1] ?? '';
    const said = turn
      .split('\n')
      .filter((line) => line.startsWith('user: '))
      .map((line) => line.slice(6))
      .join(' ');
    const facts = splitSentences(said)
      .flatMap((s) => extractSentence(s))
      .map((t) => ({
        subject: t.subject,
        subject_type: t.subjectType,
        predicate: t.predicate,
        object: t.object,
        object_type: t.objectType,
      }));
    return { kind: 'tool', arguments: { facts, contradicted: [], summary: '' } };
  };
  const baseUrl = await stub.start();
  const dir = tempDir('kgmem-bench-extract-');
  const memory = await createMemory({
    dataDir: dir.path,
    embeddings: new HashingEmbeddings(),
    env: { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: baseUrl, KGMEM_MODEL: 'stub-model' },
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const user of demo.users) {
      let turns = 0;
      let requests = 0;
      const tokens: number[] = [];
      for (const thread of user.threads) {
        for (const [i, messages] of thread.turns.entries()) {
          const before = stub.requests.length;
          const result = await memory.remember({
            userId: user.userId,
            threadId: thread.threadId,
            messages,
            at: new Date(Date.parse(thread.at) + i * 60_000),
          });
          turns++;
          requests += stub.requests.length - before;
          tokens.push(Math.round(result.promptChars / 4));
        }
      }
      rows.push({
        user: user.userId,
        turns,
        'model requests': requests,
        'requests / remember()': (requests / turns).toFixed(2),
        'prompt tokens (mean)': Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length),
        'prompt tokens (max)': Math.max(...tokens),
      });
    }
  } finally {
    await memory.close();
    await stub.stop();
    dir.remove();
  }
  return `### Extraction cost: bundled demo conversations (ChatOpenAI → local stub; tokens ≈ chars / 4)\n\n${markdownTable(rows)}`;
}
