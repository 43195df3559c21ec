import { FITTED_OFFLINE } from '../src/retrieve/recipe-fitted.js';
import { FITTED_SEMANTIC } from '../src/retrieve/recipe-fitted-semantic.js';
import { countedObjective, FIT_PARAMETERS, type FitKind, fitData, HAND_SET, trainObjectives } from './fit.js';
import { currentValue, type FitState, withValue } from './fit-search.js';

/** What `npm run fit -- --check` found: the objective reached, and each failure in a sentence. */
export interface FitCheck {
  /** The mean training objective the committed numbers reach (guards left out). */
  objective: number;
  /** The objective the committed recipe records. */
  recorded: number | undefined;
  /** Each moved number with the objective it gives put back to its hand-set value. */
  reverted: { parameter: string; objective: number }[];
  /** Why the committed recipe is not what the fit wrote; empty when it is. */
  failures: string[];
}

/**
 * The committed fit, checked without fitting again: its numbers reach the training objective it
 * records (the fit is deterministic: seeded uids, no randomness), and putting back any one number
 * the fit moved to its hand-set value does not do better. A change to ranking, extraction or the
 * fit's data that moves the objective fails it until `npm run fit` writes the recipe again.
 * `metaqaPerHop` must be the size the fit ran with (its default, 50).
 */
export async function checkFit(kind: FitKind, metaqaPerHop = 50): Promise<FitCheck> {
  const fitted = kind === 'offline' ? FITTED_OFFLINE : FITTED_SEMANTIC;
  const start = HAND_SET[kind];
  const committed: FitState = {
    fusion: { ...start.fusion, ...fitted.fusion },
    aboutUser: { ...start.aboutUser, ...fitted.aboutUser },
  };
  const { memory, sets, close } = await fitData(kind, metaqaPerHop);
  try {
    const objectiveOf = async (state: FitState) =>
      countedObjective(sets, await trainObjectives(memory, kind, sets, state));
    const objective = await objectiveOf(committed);
    const failures: string[] = [];
    if (fitted.objective === undefined || Math.abs(objective - fitted.objective) > 1e-12)
      failures.push(
        `the committed ${kind} numbers reach ${objective}, not the recorded ${fitted.objective}: run \`npm run fit${kind === 'semantic' ? ' semantic' : ''}\` and commit what it writes`,
      );
    const reverted: FitCheck['reverted'] = [];
    for (const parameter of FIT_PARAMETERS[kind]) {
      const handSet = currentValue(start, parameter);
      if (currentValue(committed, parameter) === handSet) continue;
      const name = `${parameter.group}.${parameter.name}`;
      const back = await objectiveOf(withValue(committed, parameter, handSet));
      reverted.push({ parameter: name, objective: back });
      if (back > objective) failures.push(`${name} is better hand-set (${back} > ${objective})`);
    }
    return { objective, recorded: fitted.objective, reverted, failures };
  } finally {
    await close();
  }
}
