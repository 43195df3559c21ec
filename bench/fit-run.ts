import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FusionOptions } from '../src/retrieve/recipe-types.js';
import { type FitKind, figures, fitData, fitRecipe, HAND_SET } from './fit.js';
import { checkFit } from './fit-check.js';
import type { FitState } from './fit-search.js';
import type { FitSet } from './fit-sets.js';
import { runContext } from './page/machine.js';
import { benchPagePath, measuredBlock, updatePage } from './page/page.js';
import { PAGE_SECTIONS, type PageSection } from './page/sections.js';
import { markdownTable } from './table.js';

/**
 * `npm run fit [offline|semantic]`: fits a recipe's fusion numbers on the training splits of the
 * personal-memory, LoCoMo and (offline) MetaQA sets, prints train and validation figures before
 * and after, and writes src/retrieve/recipe-fitted.ts (offline) or recipe-fitted-semantic.ts.
 * FIT_METAQA_PER_HOP (default 50) and FIT_ROUNDS (default 2) set its size. With `--check` it
 * fits nothing: it checks that the committed numbers reach the training objective they record,
 * and that putting back any one of them to its hand-set value does not do better.
 */
const FILES: Readonly<Record<FitKind, { file: string; name: string }>> = {
  offline: { file: 'recipe-fitted.ts', name: 'FITTED_OFFLINE' },
  semantic: { file: 'recipe-fitted-semantic.ts', name: 'FITTED_SEMANTIC' },
};

function table(
  before: Awaited<ReturnType<typeof figures>>,
  after: Awaited<ReturnType<typeof figures>>,
): string {
  const pick = (r: Record<string, number>) =>
    Object.entries(r)
      .map(([k, v]) => `${k} ${v.toFixed(3)}`)
      .join(', ');
  const rows = before.flatMap((b, i) => {
    const a = after[i] ?? b;
    return (['train', 'validation'] as const).map((split) => ({
      set: b.set.name,
      split: `${split}: ${b.set.describe[split]}`,
      questions: b.set[split].length,
      'hand-set': pick(b[split]),
      fitted: pick(a[split]),
    }));
  });
  return markdownTable(rows);
}

/** The numbers of one group the fit moved from the hand-set start. */
function moved(start: Partial<FusionOptions>, end: Partial<FusionOptions>): Partial<FusionOptions> {
  return Object.fromEntries(
    Object.entries(end).filter(([k, v]) => start[k as keyof FusionOptions] !== v),
  ) as Partial<FusionOptions>;
}

/** The recipe module the fit writes: the numbers it moved, and where they come from. */
function fittedModule(
  kind: FitKind,
  start: FitState,
  end: FitState,
  objective: number,
  provenance: string,
): string {
  const lines = (group: Partial<FusionOptions>) =>
    Object.entries(group)
      .map(([k, v]) => `    ${k}: ${v},`)
      .join('\n');
  const fusion = moved(start.fusion, end.fusion);
  const aboutUser = moved(start.aboutUser, end.aboutUser);
  const aboutUserPart =
    Object.keys(aboutUser).length > 0 ? `  aboutUser: {\n${lines(aboutUser)}\n  },\n` : '';
  return `import type { FittedFusion } from './recipe-types.js';

/**
 * Written by \`npm run fit${kind === 'offline' ? '' : ` ${kind}`}\` (bench/fit.ts); do not edit by hand. The ${kind} fusion
 * numbers the fit moved from their hand-set start, and where they come from.
 */
export const ${FILES[kind].name}: FittedFusion = {
  fusion: {
${lines(fusion)}
  },
${aboutUserPart}  objective: ${objective},
  provenance:
    ${singleQuoted(provenance)},
};
`;
}

/** `--check`: the committed fit reproduces its objective, and no single number is better hand-set. */
async function check(kind: FitKind): Promise<void> {
  const { objective, recorded, reverted, failures } = await checkFit(
    kind,
    Number(process.env.FIT_METAQA_PER_HOP ?? 50),
  );
  console.log(
    `committed ${kind} numbers: objective ${objective.toFixed(4)} (recorded ${recorded?.toFixed(4) ?? 'none'})`,
  );
  if (reverted.length > 0)
    console.log(
      markdownTable(
        reverted.map((r) => ({
          'number put back to its hand-set value': r.parameter,
          objective: r.objective.toFixed(4),
          'fitted objective': objective.toFixed(4),
        })),
      ),
    );
  console.log(
    failures.length === 0 ? `fit check (${kind}): ok` : `fit check (${kind}) failed:\n${failures.join('\n')}`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

/** Each set's name, objective and splits, for the provenance. */
function described(sets: readonly FitSet[]): string {
  return sets
    .map((s) => `${s.name} (${s.objective}; train ${s.describe.train}; validation ${s.describe.validation})`)
    .join('; ');
}

/** A string literal as the formatter writes it: single quotes, the quote and backslash escaped. */
function singleQuoted(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** What each fit moves, and what it leaves as set. */
const FIT_SCOPE: Readonly<Record<FitKind, string>> = {
  offline:
    'The offline fit moves the fusion numbers of every question, the weight and half-point of turns found by full text included (both backends score them alike, each user’s turns on their own); the answer fit’s own numbers and the bar of a fact’s similarity stay as set (see bench/fit.ts).',
  semantic:
    'The semantic fit moves the numbers of turns and the fusion of questions about the user (those naming no entity but the user, or asked in the first person); the facts of other questions naming an entity keep their numbers, since this fit leaves MetaQA out (embedding its 129k statements with the sentence model takes longer than the fit); the weight and half-point of turns found by full text move too (both backends score them alike, each user’s turns on their own).',
};

async function main(): Promise<void> {
  const kind: FitKind = process.argv.includes('semantic') ? 'semantic' : 'offline';
  if (process.argv.includes('--check')) return check(kind);
  const perHop = Number(process.env.FIT_METAQA_PER_HOP ?? 50);
  const rounds = Number(process.env.FIT_ROUNDS ?? 2);
  const started = performance.now();
  const { memory, sets, close } = await fitData(kind, perHop);
  try {
    const before = await figures(memory, kind, sets, HAND_SET[kind]);
    const fit = await fitRecipe(memory, kind, sets, rounds, (line) => console.error(line));
    const after = await figures(memory, kind, sets, fit.state);
    const date = new Date().toISOString().slice(0, 10);
    const provenance = `Coordinate ascent (bench/fit-search.ts, ${rounds} rounds at most, ${fit.evaluations} evaluations) on the mean training objective of: ${described(sets.filter((s) => !s.guard))}; no move lowering the guard: ${described(sets.filter((s) => s.guard))}. ${kind === 'offline' ? 'Offline embedder' : 'all-MiniLM-L6-v2 in process'}, seeded uids, no randomness. ${date}.`;
    const { file } = FILES[kind];
    writeFileSync(
      join(import.meta.dirname, '../src/retrieve', file),
      fittedModule(kind, HAND_SET[kind], fit.state, fit.objective, provenance),
    );
    const seconds = (performance.now() - started) / 1000;
    const output = [
      `### Training and validation figures, hand-set and fitted (${kind === 'offline' ? 'offline embedder' : 'all-MiniLM-L6-v2 in process'})`,
      '',
      table(before, after),
      '',
      `Each set is split in two: the fit learns from the first part and never sees the second. ${sets
        .map(
          (s) =>
            `${s.name}: trained on ${s.describe.train}, checked on ${s.describe.validation}; objective ${s.objectiveText}.`,
        )
        .join(
          ' ',
        )} Coordinate ascent (\`bench/fit-search.ts\`) moves one number at a time while the mean training objective rises, and keeps no move that lowers any set's, the small memories' guard included (it is not in the mean). ${FIT_SCOPE[kind]}`,
      '',
      `Moved: ${fit.steps.map((s) => `${s.parameter} ${s.from} → ${s.to}`).join('; ') || 'nothing'}. Training objective ${fit.objective.toFixed(4)}; ${fit.evaluations} evaluations. Written to \`src/retrieve/${file}\`.`,
    ].join('\n');
    console.log(output);
    const section = PAGE_SECTIONS.find((s) => s.id === `fit-${kind}`) as PageSection;
    const page = benchPagePath();
    if (page) updatePage(page, [measuredBlock(section, runContext(), output, seconds)]);
  } finally {
    await close();
  }
}

await main();
