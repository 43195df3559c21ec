import { CypherSyntaxError, type CypherToken, tokenizeCypher } from './tokens.js';

/** The Cypher dialect a statement is checked for. */
export type CypherDialect = 'ladybug' | 'neo4j';

/** Whether a statement may run without the write token, and if not, which clause stops it and why. */
export type ReadVerdict =
  | { allowed: true }
  | {
      allowed: false;
      /** The refused clause, operator or procedure, as the user wrote or the database named it. */
      clause: string;
      reason: string;
    };

const ALLOWED: ReadVerdict = { allowed: true };

/** The clauses a statement may start with (and start again with after UNION). */
const FIRST_CLAUSES = new Set(['MATCH', 'OPTIONAL', 'UNWIND', 'WITH', 'RETURN', 'CALL']);

/**
 * Keywords of everything that is not a query, each with why it is refused: a read-only surface
 * runs queries, and a query reads this database and nothing else.
 */
const REFUSED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    CREATE: 'changes the database',
    MERGE: 'changes the database',
    SET: 'changes the database',
    DELETE: 'changes the database',
    DETACH: 'changes the database (or detaches one)',
    REMOVE: 'changes the database',
    FOREACH: 'changes the database',
    INSERT: 'changes the database',
    DROP: 'changes the schema',
    ALTER: 'changes the schema',
    RENAME: 'changes the schema',
    LOAD: 'reads files on the host or loads code into the database',
    COPY: 'reads or writes files on the host',
    EXPORT: 'writes a copy of the database to the host',
    IMPORT: 'reads a database from the host',
    ATTACH: 'opens another database file',
    USE: 'switches to another database',
    INSTALL: 'installs database extensions',
    UNINSTALL: 'removes database extensions',
    CHECKPOINT: 'controls the storage',
    BEGIN: 'controls transactions',
    COMMIT: 'controls transactions',
    ROLLBACK: 'controls transactions',
    START: 'controls transactions or the server',
    STOP: 'controls the server',
    TRANSACTION: 'controls transactions',
    TRANSACTIONS: 'runs in transactions of its own',
    SHOW: 'is an administration command',
    TERMINATE: 'is an administration command',
    GRANT: 'is an administration command',
    DENY: 'is an administration command',
    REVOKE: 'is an administration command',
    ENABLE: 'is an administration command',
    DISABLE: 'is an administration command',
    EXPLAIN: 'is run by the console itself; send the query alone',
    PROFILE: 'runs the statement with profiling; send the query alone',
  }),
);

/**
 * Procedures (Neo4j) and table functions (LadybugDB) a read-only statement may `CALL`: ones that
 * read the schema or search an index, nothing that reads files or administers the server.
 */
export const READ_PROCEDURES: Readonly<Record<CypherDialect, ReadonlySet<string>>> = {
  neo4j: new Set([
    'db.labels',
    'db.relationshiptypes',
    'db.propertykeys',
    'db.schema.visualization',
    'db.schema.nodetypeproperties',
    'db.schema.reltypeproperties',
    'db.index.fulltext.querynodes',
    'db.index.fulltext.queryrelationships',
    'db.index.vector.querynodes',
    'db.index.vector.queryrelationships',
  ]),
  ladybug: new Set([
    'table_info',
    'show_tables',
    'show_functions',
    'show_connection',
    'current_setting',
    'db_version',
  ]),
};

/**
 * Checks a statement's clauses before it reaches the database: exactly one statement; it starts
 * with a query clause; no keyword of anything but a query (writes, schema, files, extensions,
 * other databases, transactions, administration) appears outside strings, comments, quoted names
 * and property names; `CALL` names only a listed read procedure (or opens a subquery). The
 * database's own plan is checked after this (see {@link checkPlan}), so a statement must pass both.
 */
export function checkStatement(statement: string, dialect: CypherDialect): ReadVerdict {
  let tokens: CypherToken[];
  try {
    tokens = tokenizeCypher(statement);
  } catch (error) {
    if (error instanceof CypherSyntaxError)
      return refused('statement', `is not well formed: ${error.message}`);
    throw error;
  }
  // A trailing semicolon ends the one statement; anything after one is a second statement.
  while (tokens.at(-1)?.text === ';' && tokens.at(-1)?.kind === 'symbol') tokens.pop();
  if (tokens.length === 0) return refused('statement', 'is empty: send one Cypher query');
  const semicolon = tokens.find((t) => t.kind === 'symbol' && t.text === ';');
  if (semicolon) return refused(';', 'separates two statements; send one statement at a time');

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as CypherToken;
    if (token.kind !== 'word' || !isKeywordUse(tokens, i)) continue;
    const word = token.text.toUpperCase();
    const why = REFUSED.get(word);
    if (why) return refused(clauseName(tokens, i), why);
    if (word === 'ALL' && tokens[i - 1]?.text.toUpperCase() === 'UNION') continue;
    const starts = i === 0 || isUnionStart(tokens, i);
    if (starts && !FIRST_CLAUSES.has(word))
      return refused(
        token.text,
        'is not a query clause; a read-only statement starts with MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN or CALL',
      );
    if (word === 'CALL') {
      const verdict = checkCall(tokens, i, dialect);
      if (!verdict.allowed) return verdict;
    }
  }
  const first = tokens[0] as CypherToken;
  if (first.kind !== 'word')
    return refused(
      first.text,
      'is not a query clause; a read-only statement starts with MATCH, OPTIONAL MATCH, UNWIND, WITH, RETURN or CALL',
    );
  return ALLOWED;
}

/**
 * What a database's plan of a statement (`EXPLAIN`) says it would do: its operators, and the
 * procedures or table functions it calls.
 */
export interface PlanSummary {
  operators: readonly string[];
  procedures: readonly string[];
  /** The database says the statement would change something. */
  writes?: boolean;
}

/**
 * The plan operators a read-only statement may use, per dialect: scans, index lookups,
 * expansions and path searches, joins, filters, projections, aggregation, sorting, paging,
 * unions, unwinding and calls of the listed procedures. Anything else (a write, a file, an
 * operator this list does not know) is refused.
 */
export const READ_OPERATORS: Readonly<Record<CypherDialect, ReadonlySet<string>>> = {
  ladybug: new Set([
    'RESULT_COLLECTOR',
    'PROJECTION',
    'FILTER',
    'FLATTEN',
    'SCAN_NODE_TABLE',
    'SCAN_REL_TABLE',
    'PRIMARY_KEY_SCAN_NODE_TABLE',
    'INDEX_LOOKUP',
    'HASH_JOIN_BUILD',
    'HASH_JOIN_PROBE',
    'INTERSECT_BUILD',
    'INTERSECT',
    'CROSS_PRODUCT',
    'SEMI_MASKER',
    'PATH_PROPERTY_PROBE',
    'RECURSIVE_EXTEND',
    'AGGREGATE',
    'AGGREGATE_FINALIZE',
    'AGGREGATE_SCAN',
    'ORDER_BY',
    'ORDER_BY_MERGE',
    'ORDER_BY_SCAN',
    'TOP_K',
    'TOP_K_SCAN',
    'LIMIT',
    'SKIP',
    'UNION_ALL_SCAN',
    'UNWIND',
    'MULTIPLICITY_REDUCER',
    'DUMMY_SINK',
    'EMPTY_RESULT',
    'TABLE_FUNCTION_CALL',
  ]),
  neo4j: new Set([
    'ProduceResults',
    'Projection',
    'Filter',
    'Argument',
    'ArgumentTracker',
    'AllNodesScan',
    'NodeByLabelScan',
    'NodeByIdSeek',
    'NodeByElementIdSeek',
    'NodeIndexSeek',
    'NodeUniqueIndexSeek',
    'NodeIndexSeekByRange',
    'NodeUniqueIndexSeekByRange',
    'NodeIndexScan',
    'NodeIndexContainsScan',
    'NodeIndexEndsWithScan',
    'MultiNodeIndexSeek',
    'IntersectionNodeByLabelsScan',
    'UnionNodeByLabelsScan',
    'SubtractionNodeByLabelsScan',
    'DirectedRelationshipTypeScan',
    'UndirectedRelationshipTypeScan',
    'DirectedAllRelationshipsScan',
    'UndirectedAllRelationshipsScan',
    'DirectedUnionRelationshipTypesScan',
    'UndirectedUnionRelationshipTypesScan',
    'DirectedRelationshipIndexSeek',
    'UndirectedRelationshipIndexSeek',
    'DirectedRelationshipIndexScan',
    'UndirectedRelationshipIndexScan',
    'DirectedRelationshipIndexSeekByRange',
    'UndirectedRelationshipIndexSeekByRange',
    'DirectedRelationshipIndexContainsScan',
    'UndirectedRelationshipIndexContainsScan',
    'DirectedRelationshipIndexEndsWithScan',
    'UndirectedRelationshipIndexEndsWithScan',
    'DirectedRelationshipUniqueIndexSeek',
    'UndirectedRelationshipUniqueIndexSeek',
    'DirectedRelationshipByIdSeek',
    'UndirectedRelationshipByIdSeek',
    'DirectedRelationshipByElementIdSeek',
    'UndirectedRelationshipByElementIdSeek',
    'NodeCountFromCountStore',
    'RelationshipCountFromCountStore',
    'Expand(All)',
    'Expand(Into)',
    'OptionalExpand(All)',
    'OptionalExpand(Into)',
    'VarLengthExpand(All)',
    'VarLengthExpand(Into)',
    'VarLengthExpand(Pruning)',
    'VarLengthExpand(Pruning,BFS)',
    'BFSPruningVarExpand',
    'ShortestPath',
    'StatefulShortestPath(All)',
    'StatefulShortestPath(Into)',
    'Trail',
    'Repeat(Trail)',
    'ProjectEndpoints',
    'Apply',
    'SemiApply',
    'AntiSemiApply',
    'LetSemiApply',
    'LetAntiSemiApply',
    'SelectOrSemiApply',
    'SelectOrAntiSemiApply',
    'LetSelectOrSemiApply',
    'LetSelectOrAntiSemiApply',
    'ConditionalApply',
    'AntiConditionalApply',
    'RollUpApply',
    'Optional',
    'Anti',
    'CartesianProduct',
    'NodeHashJoin',
    'NodeLeftOuterHashJoin',
    'NodeRightOuterHashJoin',
    'ValueHashJoin',
    'TriadicSelection',
    'TriadicBuild',
    'TriadicFilter',
    'Sort',
    'PartialSort',
    'Top',
    'PartialTop',
    'Limit',
    'ExhaustiveLimit',
    'Skip',
    'EagerAggregation',
    'OrderedAggregation',
    'Distinct',
    'OrderedDistinct',
    'Union',
    'Unwind',
    'PartitionedUnwind',
    'CacheProperties',
    'Eager',
    'EmptyResult',
    'EmptyRow',
    'NullifyMetadata',
    'AssertSameNode',
    'AssertSameRelationship',
    'ProcedureCall',
  ]),
};

/**
 * Checks a database's plan of a statement: every operator must be a reading one of
 * {@link READ_OPERATORS}, every procedure or table function one of {@link READ_PROCEDURES}.
 */
export function checkPlan(plan: PlanSummary, dialect: CypherDialect): ReadVerdict {
  if (plan.writes) return refused('statement', 'would change the database (so says its plan)');
  const operators = READ_OPERATORS[dialect];
  for (const operator of plan.operators) {
    if (!operators.has(operator))
      return refused(
        operator,
        'is a step of the database plan that is not a plain read (a write, a file, or an operation this read-only console does not know)',
      );
  }
  const procedures = READ_PROCEDURES[dialect];
  // LadybugDB reads intermediate results through an internal table function.
  const internal = dialect === 'ladybug' ? new Set(['read_ftable']) : new Set<string>();
  for (const procedure of plan.procedures) {
    const name = procedure.toLowerCase();
    if (!procedures.has(name) && !internal.has(name))
      return refused(procedure, 'is not one of the read-only procedures this console allows');
  }
  return ALLOWED;
}

function refused(clause: string, why: string): ReadVerdict {
  return { allowed: false, clause, reason: `${clause} ${why}` };
}

/**
 * Whether the word at `i` is used as a keyword: not a property or label name (after `.` or `:`),
 * not a map key or a variable with a label (before `:`), not a parameter.
 */
function isKeywordUse(tokens: readonly CypherToken[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (before?.kind === 'symbol' && (before.text === '.' || before.text === ':' || before.text === '::'))
    return false;
  if (after?.kind === 'symbol' && after.text === ':') return false;
  return true;
}

function isUnionStart(tokens: readonly CypherToken[], i: number): boolean {
  const before = tokens[i - 1];
  if (before?.kind !== 'word') return false;
  const word = before.text.toUpperCase();
  if (word === 'UNION') return true;
  return word === 'ALL' && tokens[i - 2]?.text.toUpperCase() === 'UNION';
}

/** The name of a refused clause as written: `LOAD CSV`, `COPY`, `EXPORT DATABASE`, … */
function clauseName(tokens: readonly CypherToken[], i: number): string {
  const word = (tokens[i] as CypherToken).text.toUpperCase();
  const next = tokens[i + 1];
  const second = next?.kind === 'word' ? next.text.toUpperCase() : '';
  if (
    ['LOAD', 'EXPORT', 'IMPORT', 'DETACH', 'SHOW', 'START', 'STOP', 'DROP', 'ALTER', 'CREATE'].includes(
      word,
    ) &&
    second
  )
    return `${word} ${second}`;
  return word;
}

/** `CALL name(…)` must name a listed read procedure; `CALL { … }` opens a subquery (checked as a whole). */
function checkCall(tokens: readonly CypherToken[], i: number, dialect: CypherDialect): ReadVerdict {
  const next = tokens[i + 1];
  if (next?.kind === 'symbol' && (next.text === '{' || next.text === '(')) return ALLOWED;
  const parts: string[] = [];
  let j = i + 1;
  while (tokens[j] && (tokens[j]?.kind === 'word' || tokens[j]?.kind === 'quoted')) {
    parts.push(tokens[j]?.text as string);
    if (tokens[j + 1]?.kind === 'symbol' && tokens[j + 1]?.text === '.') j += 2;
    else break;
  }
  const name = parts.join('.');
  if (name === '') return refused('CALL', 'names no procedure');
  if (!READ_PROCEDURES[dialect].has(name.toLowerCase()))
    return refused(
      `CALL ${name}`,
      `is not one of the read-only procedures this console allows (${[...READ_PROCEDURES[dialect]].join(', ')})`,
    );
  return ALLOWED;
}
