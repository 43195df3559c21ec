import type { PlanSummary } from '../read-policy/policy.js';

/**
 * The operators and table functions of a LadybugDB `EXPLAIN` result: the physical plan it prints,
 * each operator as `NAME[id]` and each table function call as `Function: NAME`.
 */
export function ladybugPlanSummary(explained: string): PlanSummary {
  return {
    operators: [
      ...new Set([...explained.matchAll(/\b([A-Z][A-Z0-9_]*)\[\d+\]/g)].map((m) => m[1] as string)),
    ],
    procedures: [
      ...new Set([...explained.matchAll(/\bFunction: ([A-Za-z0-9_]+)/g)].map((m) => m[1] as string)),
    ],
  };
}
