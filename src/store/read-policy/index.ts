export {
  type CypherDialect,
  checkPlan,
  checkStatement,
  type PlanSummary,
  READ_OPERATORS,
  READ_PROCEDURES,
  type ReadVerdict,
} from './policy.js';
export { CypherSyntaxError, type CypherToken, tokenizeCypher } from './tokens.js';
