import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type LocalModelExtractor, localModel } from '../src/extract/local-model.js';
import { RuleExtractor } from '../src/extract/rules.js';
import { GOLD_HELD_CONVERSATIONS } from './extraction-gold-held.js';
import { categoryTable, type GoldRun, goldTable, runGold } from './extraction-quality.js';
import { benchLocomo } from './locomo.js';
import { type LocomoConversation, loadLocomo } from './locomo-data.js';
import { markdownTable } from './table.js';

/**
 * `npm run bench` section `extraction`: the gold set (`extraction-gold.ts`) through the rule
 * extractor and two local models in process (Qwen2.5-Coder 0.5B and 1.5B, fetched by
 * `scripts/llm.mjs` when missing), side by side; then LoCoMo through the 1.5B on a documented
 * sample beside the rule extractor. BENCH_LLM_THREADS sets the models' threads (default 2).
 */
export async function benchExtractionModels(): Promise<string> {
  const threads = Number(process.env.BENCH_LLM_THREADS ?? 2);
  const runs: GoldRun[] = [await runGold('rules', new RuleExtractor())];
  const held: GoldRun[] = [await runGold('rules', new RuleExtractor(), GOLD_HELD_CONVERSATIONS)];
  const models: Record<string, LocalModelExtractor> = {};
  for (const size of ['0.5b', '1.5b'] as const) {
    const extractor = localModel({ path: modelFile(size), threads });
    models[size] = extractor;
    const name = `Qwen2.5-Coder ${size.toUpperCase()} (in process)`;
    runs.push(await runGold(name, extractor));
    held.push(await runGold(name, extractor, GOLD_HELD_CONVERSATIONS));
  }
  await models['0.5b']?.dispose();
  const ratioOf = ([rules, , large]: readonly GoldRun[]) =>
    rules && large ? large.totals.f1 / Math.max(1e-9, rules.totals.f1) : 0;
  const ratio = ratioOf(runs);
  const heldTurns = GOLD_HELD_CONVERSATIONS.reduce((n, c) => n + c.turns.length, 0);
  const locomo = await locomoThroughModel(models['1.5b'] as LocalModelExtractor);
  await models['1.5b']?.dispose();
  return [
    '### Extraction quality on the gold set',
    '',
    '44 everyday conversations written for this benchmark (`bench/extraction-gold.ts`: moves, jobs and roles, family and friends and their own facts, likes and diets, pets, hobbies, health, dates, possessions, education, languages, negations, hypotheticals and plans, corrections, pronouns across turns, name variants, terse and non-native wording), 105 turns, each through `remember()`; scored on the stored facts with lenient matching of names and predicate synonyms (`bench/extraction-score.ts`). P/R/F1: current facts after the last turn; closed R: the changed values kept as history; forbidden: hypotheticals, plans, denials, corrected values and placeholders stored; stale current: a changed value still current. Models run greedily (temperature 0) with the output constrained to the extraction schema.',
    '',
    goldTable(runs),
    '',
    `The 1.5B's F1 is ${ratio.toFixed(2)} × the rule extractor's on the same conversations. The rule extractor was written against these conversations; on the held-out ones below it was not.`,
    '',
    `Held out (\`bench/extraction-gold-held.ts\`: ${GOLD_HELD_CONVERSATIONS.length} conversations, ${heldTurns} turns, written after the rules and the prompt were last changed and never used to change them):`,
    '',
    goldTable(held),
    '',
    `On the held-out conversations the 1.5B's F1 is ${ratioOf(held).toFixed(2)} × the rule extractor's.`,
    '',
    'F1 / closed recall / forbidden by category:',
    '',
    categoryTable(runs),
    '',
    locomo,
  ].join('\n');
}

/** The model file of one size, fetched (and verified) by `scripts/llm.mjs` when missing. */
export function modelFile(size: '0.5b' | '1.5b'): string {
  const script = fileURLToPath(new URL('../scripts/llm.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [script, 'local', size], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('KGMEM_MODEL=local:'))
    throw new Error(`could not fetch the ${size} model`);
  return line.slice('KGMEM_MODEL=local:'.length);
}

/** Sessions of each LoCoMo development conversation the model reads (the first ones). */
const LOCOMO_SESSIONS = 3;

/**
 * LoCoMo's development conversations cut to their first sessions, with the questions whose
 * evidence lies in them: what a model that takes seconds per turn can read in a bench run.
 */
export function locomoSample(sessions = LOCOMO_SESSIONS): LocomoConversation[] {
  return loadLocomo().map((c) => {
    const turns = c.turns.filter((t) => t.session <= sessions);
    const ids = new Set(turns.map((t) => t.diaId));
    return { ...c, turns, questions: c.questions.filter((q) => q.evidence.every((e) => ids.has(e))) };
  });
}

async function locomoThroughModel(model: LocalModelExtractor): Promise<string> {
  const sample = locomoSample();
  const rules = await benchLocomo({}, { extractor: new RuleExtractor() }, sample);
  const large = await benchLocomo({}, { extractor: model }, sample);
  const turns = sample.reduce((n, c) => n + c.turns.length, 0);
  const questions = sample.reduce(
    (n, c) => n + c.questions.filter((q) => q.category >= 1 && q.category <= 4).length,
    0,
  );
  const row = (name: string, r: Awaited<ReturnType<typeof benchLocomo>>) => ({
    extractor: name,
    'evidence recall@10': r.recall10.toFixed(3),
    'hit@1': r.hit1.toFixed(3),
    'BM25 recall@10 / hit@1': `${r.bm25Recall10.toFixed(3)} / ${r.bm25Hit1.toFixed(3)}`,
    'facts extracted': r.facts,
    'ms / turn': Math.round(r.msPerTurn).toLocaleString('en-US'),
  });
  return [
    `### LoCoMo through a real model (sample: the first ${LOCOMO_SESSIONS} sessions of both development conversations)`,
    '',
    `${turns} turns, and the ${questions} questions of categories 1–4 whose evidence lies in them; offline hashing embedder, everything else as in the LoCoMo table.`,
    '',
    markdownTable([row('rules', rules), row('Qwen2.5-Coder 1.5B (in process)', large)]),
  ].join('\n');
}
