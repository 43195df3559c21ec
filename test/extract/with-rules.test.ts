import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Extraction, type ExtractionInput, Extractor } from '../../src/extract/base.js';
import { ExtractionError } from '../../src/extract/errors.js';
import { resolveExtractor } from '../../src/extract/resolve.js';
import { notReadByRules, RulesBackedExtractor } from '../../src/extract/with-rules.js';
import { tempDir } from '../helpers/temp-dir.js';

const t = (subject: string, predicate: string, object: string) => ({
  subject,
  predicate,
  object,
  subjectType: '',
  objectType: '',
});
const said = (triples: { subject: string; predicate: string; object: string }[]) =>
  triples.map((x) => `${x.subject} ${x.predicate} ${x.object}`);

/** What a chat model answered for a turn, replayed: the only part that cannot run here per test. */
class AnsweredModel extends Extractor {
  readonly description = 'answered';
  constructor(private readonly answer: Extraction | Error) {
    super();
  }
  override async extract(_input: ExtractionInput): Promise<Extraction> {
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}
const turn = (content: string): ExtractionInput => ({
  messages: [{ role: 'user', content }],
  known: [],
  at: new Date('2026-03-02T09:00:00Z'),
});

describe("a model's facts beside the rules'", () => {
  it.each([
    // [the model's triple, the rules' triples, kept]
    ['what the rules did not read is kept', t('Ana', 'is_a', 'dog'), [t('user', 'has_pet', 'Ana')], true],
    [
      'the same subject and relation: the rules read it',
      t('User', 'lives_in', 'Lisbon area'),
      [t('user', 'lives_in', 'Lisbon')],
      false,
    ],
    [
      'the same relation said another way is the same',
      t('I', 'Lives in', 'Porto'),
      [t('user', 'lives_in', 'Lisbon')],
      false,
    ],
    [
      'the same subject and object: the rules chose the relation',
      t('User', 'drives', 'Tesla'),
      [t('user', 'owns', 'Tesla')],
      false,
    ],
    [
      'another subject with the same relation is kept',
      t('Ana', 'lives_in', 'Porto'),
      [t('user', 'lives_in', 'Lisbon')],
      true,
    ],
    ['no rule facts: everything kept', t('user', 'speaks', 'Polish'), [], true],
    [
      'another value of a relation that holds many is kept',
      t('user', 'likes', 'pottery'),
      [t('user', 'likes', 'hiking')],
      true,
    ],
    [
      'a value sharing a word with the rules’ is their reading said another way',
      t('user', 'likes', 'the river'),
      [t('user', 'likes', 'swimming in the river')],
      false,
    ],
    ['words compared by their stems', t('user', 'likes', 'hike'), [t('user', 'likes', 'hiking')], false],
    [
      'a second value of a relation that holds one is not kept',
      t('user', 'works_as', 'manager'),
      [t('user', 'works_as', 'nurse')],
      false,
    ],
  ])('%s', (_, model, rules, kept) => {
    expect(notReadByRules([model], rules)).toEqual(kept ? [model] : []);
  });

  it("stores the rules' reading and adds the model's other facts, contradictions from both", async () => {
    const extractor = new RulesBackedExtractor(
      new AnsweredModel({
        triples: [
          t('User', 'lives_in', 'Porto area'),
          t('User', 'likes', 'the river'),
          t('Ana', 'is_a', 'cat'),
        ],
        contradicts: ['f-1'],
        summary: '',
        requests: 1,
        promptChars: 900,
      }),
    );
    const out = await extractor.extract(turn('I moved to Porto. My cat Ana loves the river.'));
    expect(said(out.triples)).toEqual([
      'user lives_in Porto',
      'user cat Ana',
      'Ana loves river',
      'User likes the river',
      'Ana is_a cat',
    ]);
    expect(out.contradicts).toEqual(['f-1']);
    expect(out.requests).toBe(1);
    expect(extractor.description).toBe('answered + rules');
  });

  it("takes the memory's own relations that hold one value", async () => {
    const answered = new AnsweredModel({
      triples: [t('user', 'likes', 'pottery')],
      contradicts: [],
      summary: '',
      requests: 1,
      promptChars: 900,
    });
    const byDefault = await new RulesBackedExtractor(answered).extract(turn('I like hiking.'));
    expect(said(byDefault.triples)).toEqual(['user likes hiking', 'user likes pottery']);
    const oneLike = new RulesBackedExtractor(answered, undefined, ['likes']);
    expect(said((await oneLike.extract(turn('I like hiking.'))).triples)).toEqual(['user likes hiking']);
  });

  it("fails the turn when the model fails: the rules' facts alone are not stored as the turn's", async () => {
    const extractor = new RulesBackedExtractor(new AnsweredModel(new ExtractionError('timed out', 1)));
    await expect(extractor.extract(turn('I moved to Porto.'))).rejects.toThrow(/timed out/);
  });
});

describe('KGMEM_MODEL_RULES: which extractor the settings give', () => {
  const dir = tempDir('kgmem-rules-setting-');
  const file = join(dir.path, 'model.gguf');
  writeFileSync(file, 'not opened: the extractor loads its model at the first turn');
  afterAll(() => dir.remove());

  it.each([
    [
      'a model in this process: the rules beside it by default',
      { KGMEM_MODEL: `local:${file}` },
      'local:model.gguf + rules',
    ],
    [
      '… or not, when turned off',
      { KGMEM_MODEL: `local:${file}`, KGMEM_MODEL_RULES: 'off' },
      'local:model.gguf',
    ],
    [
      'a chat model over a server: the model alone by default',
      { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', KGMEM_MODEL: 'qwen' },
      'llm:qwen',
    ],
    [
      '… or with the rules, when turned on',
      { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', KGMEM_MODEL: 'qwen', KGMEM_MODEL_RULES: 'ON' },
      'llm:qwen + rules',
    ],
    ['no model: the rules alone', {}, 'rules (offline, first-person English)'],
  ])('%s', async (_, env, description) => {
    expect((await resolveExtractor(undefined, env)).description).toBe(description);
  });

  it("gives the rules the memory's relations that hold one value", async () => {
    const memoryOptions = { extractor: undefined, functionalPredicates: ['likes', 'Lives in'] };
    const extractor = await resolveExtractor(
      memoryOptions.extractor,
      { KGMEM_MODEL: `local:${file}` },
      memoryOptions.functionalPredicates,
    );
    expect(extractor).toBeInstanceOf(RulesBackedExtractor);
    expect([...(extractor as RulesBackedExtractor).functionalPredicates]).toEqual(['likes', 'lives_in']);
  });

  it('refuses a value that is not on or off, naming the setting', async () => {
    await expect(
      resolveExtractor(undefined, { KGMEM_MODEL: `local:${file}`, KGMEM_MODEL_RULES: 'yes' }),
    ).rejects.toThrow(/KGMEM_MODEL_RULES must be on or off, got "yes"/);
  });
});
