import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type LocalModelExtractor, localModel } from '../src/extract/local-model.js';
import { RuleExtractor } from '../src/extract/rules.js';
import { RulesBackedExtractor } from '../src/extract/with-rules.js';
import { GOLD_HELD_CONVERSATIONS } from './extraction-gold-held.js';
import { categoryTable, type GoldRun, goldTable, runGold } from './extraction-quality.js';
import { benchLocomo } from './locomo.js';
import { type LocomoConversation, loadLocomo } from './locomo-data.js';
import { markdownTable } from './table.js';

/**
 * `npm run bench` section `extraction`: the gold set (`extraction-gold.ts`) through the rule
 * extractor and two local models in process (Qwen2.5-Coder 0.5B and 1.5B, fetched by
 * `scripts/llm.mjs` when missing), side by side; then LoCoMo through the 1.5B on a documented
 * sample beside the rule extractor. The 1.5B also runs with the rule extractor beside it
 * (`RulesBackedExtractor`, what `KGMEM_MODEL=local:` runs by default). BENCH_LLM_THREADS sets the
 * models' threads (default 2); BENCH_LLM_SIZES the sizes run (default `0.5b,1.5b`);
 * BENCH_LLM_LOCOMO=0 leaves LoCoMo out.
 */
export async function benchExtractionModels(): Promise<string> {
  const threads = Number(process.env.BENCH_LLM_THREADS ?? 2);
  const sizes = benchSizes();
  const runs: GoldRun[] = [await runGold('rules', new RuleExtractor())];
  const held: GoldRun[] = [await runGold('rules', new RuleExtractor(), GOLD_HELD_CONVERSATIONS)];
  const models: Partial<Record<(typeof SIZES)[number], LocalModelExtractor>> = {};
  for (const size of sizes) {
    const extractor = localModel({ path: modelFile(size), threads });
    models[size] = extractor;
    const name = `Qwen2.5-Coder ${size.toUpperCase()} (in process)`;
    runs.push(await runGold(name, extractor));
    held.push(await runGold(name, extractor, GOLD_HELD_CONVERSATIONS));
    // The 0.5B is done with here; the 1.5B reads on below.
    if (size === '0.5b') await extractor.dispose();
  }
  const large = models['1.5b'];
  if (large) {
    // What `KGMEM_MODEL=local:` runs by default: the rules' facts, and the model's beside them.
    const backed = new RulesBackedExtractor(large);
    runs.push(await runGold(`${LARGE} + rules`, backed));
    held.push(await runGold(`${LARGE} + rules`, backed, GOLD_HELD_CONVERSATIONS));
  }
  const ratioOf = (set: readonly GoldRun[], name: string) => {
    const rules = set.find((r) => r.name === 'rules');
    const other = set.find((r) => r.name === name);
    return rules && other ? other.totals.f1 / Math.max(1e-9, rules.totals.f1) : 0;
  };
  const ratios = (set: readonly GoldRun[]) =>
    large
      ? `the 1.5B's F1 is ${ratioOf(set, LARGE).toFixed(2)} × the rule extractor's, the 1.5B with the rules ${ratioOf(set, `${LARGE} + rules`).toFixed(2)} ×`
      : 'the 1.5B was not run';
  const heldTurns = GOLD_HELD_CONVERSATIONS.reduce((n, c) => n + c.turns.length, 0);
  const locomo =
    large && process.env.BENCH_LLM_LOCOMO !== '0'
      ? await locomoThroughModel(large)
      : '_LoCoMo through the 1.5B not run (`BENCH_LLM_LOCOMO=0` or the 1.5B not in `BENCH_LLM_SIZES`)._';
  await large?.dispose();
  return [
    '### Extraction quality on the gold set',
    '',
    '44 everyday conversations written for this benchmark (`bench/extraction-gold.ts`: moves, jobs and roles, family and friends and their own facts, likes and diets, pets, hobbies, health, dates, possessions, education, languages, negations, hypotheticals and plans, corrections, pronouns across turns, name variants, terse and non-native wording), 105 turns, each through `remember()`; scored on the stored facts with lenient matching of names and predicate synonyms (`bench/extraction-score.ts`). P/R/F1: current facts after the last turn; closed R: the changed values kept as history; forbidden: hypotheticals, plans, denials, corrected values and placeholders stored; stale current: a changed value still current. Models run greedily (temperature 0) with the output constrained to the extraction schema.',
    '',
    goldTable(runs),
    '',
    `On the same conversations ${ratios(runs)}. The rule extractor was written against these conversations; on the held-out ones below it was not.`,
    '',
    `Held out (\`bench/extraction-gold-held.ts\`: ${GOLD_HELD_CONVERSATIONS.length} conversations, ${heldTurns} turns, written after the rules and the prompt were last changed and never used to change them):`,
    '',
    goldTable(held),
    '',
    `On the held-out conversations ${ratios(held)}.`,
    '',
    'F1 / closed recall / forbidden by category:',
    '',
    categoryTable(runs),
    '',
    locomo,
  ].join('\n');
}

const SIZES = ['0.5b', '1.5b'] as const;
const LARGE = 'Qwen2.5-Coder 1.5B (in process)';

/** The model sizes run (`BENCH_LLM_SIZES`, comma-separated; default both; empty: the rules only). */
function benchSizes(): (typeof SIZES)[number][] {
  const asked = (process.env.BENCH_LLM_SIZES ?? SIZES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = asked.filter((s) => !(SIZES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`BENCH_LLM_SIZES: unknown size ${unknown.join(', ')}; use ${SIZES.join(', ')}`);
  return SIZES.filter((s) => asked.includes(s));
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
