import type { FusionOptions } from '../src/retrieve/recipe-types.js';

/** The numbers a fit moves: the fusion for every question, and over it for questions about the user. */
export interface FitState {
  fusion: FusionOptions;
  aboutUser: Partial<FusionOptions>;
}

/** A number of the fusion the fit may move, and the values it tries. */
export interface FitParameter {
  /** Which fusion it belongs to. */
  group: keyof FitState;
  name: keyof FusionOptions;
  /** `weight`: a chance in [0, 1], 0 (the scorer dropped) among its tries; `scale`: any positive number. */
  kind: 'weight' | 'scale';
}

/** The parameter's current value (an `aboutUser` number not set is the fusion's). */
export function currentValue(state: FitState, parameter: FitParameter): number {
  return state[parameter.group][parameter.name] ?? state.fusion[parameter.name];
}

/** The state with one number changed. */
export function withValue(state: FitState, parameter: FitParameter, value: number): FitState {
  return { ...state, [parameter.group]: { ...state[parameter.group], [parameter.name]: value } };
}

/** The values tried for a parameter now at `value`: halves, quarters and a zero for a weight (0.25, 0.5 and 1 from zero). */
export function candidates(parameter: FitParameter, value: number): number[] {
  const factors = [0.5, 0.75, 1.25, 1.5];
  const tried = factors.map((f) => Math.round(value * f * 1000) / 1000);
  if (parameter.kind === 'weight') tried.unshift(0);
  const bounded = parameter.kind === 'weight' ? tried.map((v) => Math.min(1, v)) : tried.filter((v) => v > 0);
  // A weight at 0 tries small values again, and the full weight (a dropped scorer may earn its
  // place back, and one that pays only when it decides, as a discount does, only at full weight).
  if (value === 0 && parameter.kind === 'weight') bounded.push(0.25, 0.5, 1);
  return [...new Set(bounded)].filter((v) => v !== value);
}

/** One change the fit kept. */
export interface FitStep {
  parameter: string;
  from: number;
  to: number;
  objective: number;
}

/**
 * The least rise of the mean training objective a move must bring: below it a move changes the
 * rank of about one training question in two thousand, which is noise, not something learned
 * (such a move once put a title sharing the question's words above the misspelt film asked for).
 */
export const MIN_GAIN = 0.0005;

/**
 * Coordinate ascent: for each parameter in turn, every candidate value is tried with the others
 * fixed, and the best is kept when it raises the mean of the sets' objectives by at least
 * {@link MIN_GAIN} without lowering any one set's (no set's gain is bought with another's loss; a
 * tie keeps the current value, so the result is deterministic and prefers what is there); rounds
 * repeat until one changes nothing or `rounds` are done. The objectives are evaluated on training
 * questions only. The last `guards` scores are guards: no move may lower one, but they are not in
 * the mean (a guard near 1 would only dilute the gains the fit weighs).
 */
export async function coordinateAscent(
  start: Readonly<FitState>,
  parameters: readonly FitParameter[],
  objectives: (state: Readonly<FitState>) => Promise<readonly number[]>,
  rounds: number,
  log: (line: string) => void = () => undefined,
  minGain = MIN_GAIN,
  guards = 0,
): Promise<{ state: FitState; objective: number; steps: FitStep[]; evaluations: number }> {
  const counted = (scores: readonly number[]) => countedMean(scores, guards);
  let state: FitState = { fusion: { ...start.fusion }, aboutUser: { ...start.aboutUser } };
  let best = await objectives(state);
  let evaluations = 1;
  const steps: FitStep[] = [];
  for (let round = 1; round <= rounds; round++) {
    let changed = false;
    for (const parameter of parameters) {
      const current = currentValue(state, parameter);
      let choice = current;
      let chosen = best;
      for (const value of candidates(parameter, current)) {
        const scores = await objectives(withValue(state, parameter, value));
        evaluations++;
        if (counted(scores) > counted(chosen) && scores.every((score, i) => score >= (best[i] ?? 0))) {
          chosen = scores;
          choice = value;
        }
      }
      if (counted(chosen) < counted(best) + minGain) choice = current;
      else best = chosen;
      if (choice !== current) {
        state = withValue(state, parameter, choice);
        const name = `${parameter.group}.${parameter.name}`;
        steps.push({ parameter: name, from: current, to: choice, objective: counted(best) });
        log(
          `round ${round}: ${name} ${current} → ${choice} (objective ${counted(best).toFixed(4)}: ${best.map((b) => b.toFixed(4)).join(', ')})`,
        );
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { state, objective: counted(best), steps, evaluations };
}

/** The mean the fit raises: the sets' objectives but the last `guards`, which only bound it. */
export function countedMean(scores: readonly number[], guards: number): number {
  return mean(scores.slice(0, scores.length - guards));
}

/** The mean of the sets' objectives. */
export function mean(scores: readonly number[]): number {
  return scores.reduce((sum, s) => sum + s, 0) / Math.max(1, scores.length);
}
