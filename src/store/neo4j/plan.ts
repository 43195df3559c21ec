import type { PlanSummary } from '../read-policy/policy.js';

/** A node of the plan in a Neo4j result summary (`EXPLAIN`). */
interface PlanNode {
  operatorType?: string;
  arguments?: Record<string, unknown>;
  children?: PlanNode[];
}

/**
 * The operators and procedures of a Neo4j plan: each operator's type without its runtime suffix
 * (`NodeByLabelScan@neo4j`), and for a procedure call the name its details start with
 * (`db.labels() :: (label :: STRING)`).
 */
export function neo4jPlanSummary(plan: unknown): PlanSummary {
  const operators = new Set<string>();
  const procedures = new Set<string>();
  const walk = (node: PlanNode | undefined) => {
    if (!node) return;
    const operator = String(node.operatorType ?? '').replace(/@.*$/, '');
    if (operator) operators.add(operator);
    if (operator === 'ProcedureCall') {
      const details = String(node.arguments?.Details ?? node.arguments?.details ?? '');
      const name = /^\s*([\w.`]+)\s*\(/.exec(details)?.[1]?.replace(/`/g, '');
      procedures.add(name ?? '(unnamed procedure)');
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk((plan ?? undefined) as PlanNode | undefined);
  return { operators: [...operators], procedures: [...procedures] };
}
