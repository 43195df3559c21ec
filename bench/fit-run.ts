import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAND_SET_FUSION } from '../src/retrieve/recipe.js';
import type { FusionOptions } from '../src/retrieve/recipe-types.js';
import { figures, fitData, fitRecipe } from './fit.js';
import { markdownTable } from './table.js';

/**
 * `npm run fit`: fits the offline recipe's fusion numbers on the training splits of the personal
 * memory, LoCoMo and MetaQA sets, prints train and validation figures before and after, and
 * writes src/retrieve/recipe-fitted.ts. FIT_METAQA_PER_HOP (default 50) and FIT_ROUNDS (default
 * 2) set its size.
 */
function table(
  before: Awaited<ReturnType<typeof figures>>,
  after: Awaited<ReturnType<typeof figures>>,
): string {
  const rows = before.flatMap((b, i) => {
    const a = after[i] ?? b;
    return (['train', 'validation'] as const).map((split) => {
      const pick = (r: Record<string, number>) =>
        Object.entries(r)
          .map(([k, v]) => `${k} ${v.toFixed(3)}`)
          .join(', ');
      return {
        set: b.set.name,
        split: `${split}: ${b.set.describe[split]}`,
        questions: b.set[split].length,
        'hand-set': pick(b[split]),
        fitted: pick(a[split]),
      };
    });
  });
  return markdownTable(rows);
}

/** The recipe module the fit writes: the numbers it moved, and where they come from. */
function fittedModule(changed: Partial<FusionOptions>, provenance: string): string {
  const body = Object.entries(changed)
    .map(([k, v]) => `    ${k}: ${v},`)
    .join('\n');
  return `import type { FusionOptions } from './recipe-types.js';

/**
 * Written by \`npm run fit\` (bench/fit.ts); do not edit by hand. The offline fusion numbers the
 * fit moved from their hand-set start (\`HAND_SET_FUSION\`), and where they come from.
 */
export const FITTED_OFFLINE: { readonly fusion: Readonly<Partial<FusionOptions>>; readonly provenance: string } = {
  fusion: {
${body}
  },
  provenance: ${JSON.stringify(provenance)},
};
`;
}

async function main(): Promise<void> {
  const perHop = Number(process.env.FIT_METAQA_PER_HOP ?? 50);
  const rounds = Number(process.env.FIT_ROUNDS ?? 2);
  const started = performance.now();
  const { memory, sets, close } = await fitData(perHop);
  try {
    const before = await figures(memory, sets, HAND_SET_FUSION);
    const fit = await fitRecipe(memory, sets, rounds, (line) => console.error(line));
    const after = await figures(memory, sets, fit.fusion);
    const changed = Object.fromEntries(fit.steps.map((s) => [s.parameter, fit.fusion[s.parameter]]));
    const date = new Date().toISOString().slice(0, 10);
    const provenance = `Coordinate ascent (bench/fit-search.ts, ${rounds} rounds at most, ${fit.evaluations} evaluations) on the mean training objective of: ${sets
      .map(
        (s) => `${s.name} (${s.objective}; train ${s.describe.train}; validation ${s.describe.validation})`,
      )
      .join('; ')}. Offline embedder, seeded uids, no randomness. ${date}.`;
    writeFileSync(
      join(import.meta.dirname, '../src/retrieve/recipe-fitted.ts'),
      fittedModule(changed, provenance),
    );
    console.log(`### Fitting the offline recipe (\`npm run fit\`)\n\n${table(before, after)}\n`);
    console.log(
      `Moved: ${fit.steps.map((s) => `${s.parameter} ${s.from} → ${s.to}`).join('; ') || 'nothing'}. Training objective ${fit.objective.toFixed(4)}; ${fit.evaluations} evaluations in ${((performance.now() - started) / 1000).toFixed(0)} s. Written to src/retrieve/recipe-fitted.ts.`,
    );
  } finally {
    await close();
  }
}

await main();
