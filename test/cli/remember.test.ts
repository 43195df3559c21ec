import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { OpenAIStub } from '../helpers/openai-stub.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('kgmem remember / reextract', () => {
  let dir: { path: string; remove: () => void };
  let dataDir: string;

  beforeEach(() => {
    dir = tempDir('kgmem-cli-remember-');
    dataDir = join(dir.path, 'data');
  });
  afterEach(() => dir.remove());

  it('remembers plain lines offline with the rule extractor, one turn per user line', async () => {
    const file = join(dir.path, 'chat.txt');
    writeFileSync(file, "Hi, I'm Sasako.\nMy friend Polar bear likes Pizza.\nDo I live in Paris?\n");
    const run = await runCli(['remember', file, '--user', 'sasako', '--thread', 't1'], { dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      'turn 1: extracted: 1 new, 0 known, 0 closed',
      'turn 2: extracted: 2 new, 0 known, 0 closed',
      'turn 3: extracted: 0 new, 0 known, 0 closed',
    ]);
    const again = await runCli(['remember', '-', '--user', 'sasako', '--thread', 't1', '--json'], {
      dataDir,
      input: "Hi, I'm Sasako.\n",
    });
    expect(JSON.parse(again.stdout)[0].status).toBe('duplicate');
    const recall = await runCli(
      ['recall', "What food should I bring to Polar bear's party?", '--user', 'sasako', '--json'],
      {
        dataDir,
      },
    );
    expect(JSON.parse(recall.stdout).context).toContain('Polar bear likes Pizza');
  });

  it('keeps failed turns and extracts them later with reextract', async () => {
    const stub = new OpenAIStub();
    const baseUrl = await stub.start();
    try {
      const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: baseUrl, KGMEM_MODEL: 'stub-model' };
      const file = join(dir.path, 'chat.jsonl');
      writeFileSync(
        file,
        [
          JSON.stringify({ role: 'user', content: 'I live in Lisbon.' }),
          JSON.stringify({ role: 'assistant', content: 'Lovely city!' }),
        ].join('\n'),
      );
      stub.fallback = { kind: 'status', status: 503, message: 'overloaded' };
      const failed = await runCli(['remember', file, '--user', 'u'], { dataDir, env });
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/turn 1: failed/);
      expect(failed.stderr).toMatch(/kgmem reextract --user u/);

      stub.fallback = {
        kind: 'tool',
        arguments: {
          facts: [
            {
              subject: 'user',
              subject_type: 'person',
              predicate: 'lives_in',
              object: 'Lisbon',
              object_type: 'place',
            },
          ],
          contradicted: [],
          summary: '',
        },
      };
      const requestsBefore = stub.requests.length;
      const retried = await runCli(['reextract', '--user', 'u', '--failed'], { dataDir, env });
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stdout).toMatch(/extracted: 1 new/);
      expect(stub.requests.length - requestsBefore).toBe(1);
      const facts = await runCli(['facts', '--user', 'u', '--json'], { dataDir, env });
      expect(JSON.parse(facts.stdout)[0].statement).toBe('User lives in Lisbon');
    } finally {
      await stub.stop();
    }
  });
});
