import { describe, expect, it } from 'vitest';
import { type CypherDialect, checkPlan, checkStatement } from '../../src/store/read-policy/policy.js';
import { tokenizeCypher } from '../../src/store/read-policy/tokens.js';

type Row = [statement: string, dialect: CypherDialect | 'both', clause: string | null];

/**
 * The clause check of the read-only policy: each statement with the dialect it is written for and
 * the clause that stops it (`null`: allowed). Refused first of all: whatever reads or writes host
 * files, loads code, reaches another database, or writes.
 */
const TABLE: Row[] = [
  // Plain queries pass.
  ['MATCH (e:Entity) WHERE e.userId = $userId RETURN e.name ORDER BY e.name LIMIT 3', 'both', null],
  [
    'OPTIONAL MATCH (a)-[f:FACT]->(b) WITH a, count(f) AS n WHERE n > 0 RETURN a, n SKIP 1 LIMIT 2',
    'both',
    null,
  ],
  ['UNWIND [1, 2, 3] AS x RETURN x', 'both', null],
  ['RETURN 1', 'both', null],
  ['MATCH (a) RETURN a.name UNION MATCH (b) RETURN b.name', 'both', null],
  ['MATCH (a) RETURN a.name UNION ALL MATCH (b) RETURN b.name;', 'both', null],
  ["MATCH (e) WHERE e.name STARTS WITH 'load' AND e.name ENDS WITH 'copy' RETURN e", 'both', null],
  // Words of refused clauses inside strings, comments, quoted names or as property names pass.
  ["MATCH (e) WHERE e.name = 'CREATE (x); COPY y TO z' RETURN e", 'both', null],
  ['MATCH (e) // LOAD CSV FROM somewhere\nRETURN e /* EXPORT DATABASE */', 'both', null],
  ['MATCH (e) RETURN e.create, e.`set`, {load: 1, copy: e.export} AS m', 'both', null],
  ['MATCH (`load`:Entity) RETURN `load`', 'both', null],
  ['MATCH p = (a)-[f:FACT* SHORTEST 1..3]-(b) RETURN p', 'ladybug', null],
  ['MATCH p = shortestPath((a)-[:FACT*..6]-(b)) RETURN p', 'neo4j', null],
  ["CALL table_info('Entity') RETURN *", 'ladybug', null],
  ['CALL db.labels() YIELD label RETURN label', 'neo4j', null],
  ["CALL db.index.fulltext.queryNodes('kgmem_entity_names', 'x') YIELD node RETURN node", 'neo4j', null],
  ['MATCH (e) CALL { WITH e MATCH (e)-[f]->() RETURN count(f) AS n } RETURN e, n', 'neo4j', null],
  // Files, extensions and other databases (LadybugDB).
  ["LOAD FROM '/etc/passwd' (file_format='csv', header=false, delim=':') RETURN *", 'ladybug', 'LOAD FROM'],
  ["COPY (MATCH (e:Entity) RETURN e.name) TO '/tmp/out.csv'", 'ladybug', 'COPY'],
  ["COPY Entity FROM '/tmp/in.csv'", 'ladybug', 'COPY'],
  ["EXPORT DATABASE '/tmp/dump'", 'ladybug', 'EXPORT DATABASE'],
  ["IMPORT DATABASE '/tmp/dump'", 'ladybug', 'IMPORT DATABASE'],
  ["ATTACH '/tmp/other.lbug' AS other (dbtype lbug)", 'ladybug', 'ATTACH'],
  ['DETACH other', 'ladybug', 'DETACH OTHER'],
  ['INSTALL json', 'ladybug', 'INSTALL'],
  ['LOAD EXTENSION json', 'ladybug', 'LOAD EXTENSION'],
  ["CALL read_csv('/etc/passwd') RETURN *", 'ladybug', 'CALL read_csv'],
  ['USE other MATCH (n) RETURN n', 'ladybug', 'USE'],
  ['CHECKPOINT', 'ladybug', 'CHECKPOINT'],
  // Files and administration (Neo4j).
  ["LOAD CSV FROM 'file:///etc/passwd' AS line RETURN line", 'neo4j', 'LOAD CSV'],
  ['CALL dbms.listConfig() YIELD name RETURN name', 'neo4j', 'CALL dbms.listConfig'],
  ['CALL db.createLabel("X")', 'neo4j', 'CALL db.createLabel'],
  ["CALL apoc.load.json('file:///etc/passwd') YIELD value RETURN value", 'neo4j', 'CALL apoc.load.json'],
  ['SHOW USERS', 'neo4j', 'SHOW USERS'],
  ['USE system SHOW DATABASES', 'neo4j', 'USE'],
  ['MATCH (n) CALL { WITH n DETACH DELETE n } IN TRANSACTIONS RETURN 1', 'neo4j', 'DETACH DELETE'],
  // Writes, on either dialect, anywhere in the statement.
  ["CREATE (:Entity {uid: 'x'})", 'both', 'CREATE'],
  ["MATCH (e) SET e.name = 'x' RETURN e", 'both', 'SET'],
  ['MATCH (e) DELETE e', 'both', 'DELETE'],
  ['MATCH (e) DETACH DELETE e', 'both', 'DETACH DELETE'],
  ["MERGE (e:Entity {uid: 'x'}) RETURN e", 'both', 'MERGE'],
  ['MATCH (e) REMOVE e.name', 'both', 'REMOVE'],
  ['MATCH (e) FOREACH (x IN [1] | SET e.n = x)', 'both', 'FOREACH'],
  ['DROP TABLE Entity', 'both', 'DROP TABLE'],
  ['MATCH (e) WITH e CREATE (:X)', 'both', 'CREATE'],
  // Several statements, transaction control, profiling, not a query at all.
  ["MATCH (e) RETURN e; COPY (RETURN 1) TO '/tmp/x.csv'", 'both', ';'],
  ['RETURN 1; RETURN 2', 'both', ';'],
  ['BEGIN TRANSACTION', 'both', 'BEGIN'],
  ['EXPLAIN MATCH (n) RETURN n', 'both', 'EXPLAIN'],
  ['PROFILE MATCH (n) RETURN n', 'both', 'PROFILE'],
  ['FOO BAR', 'both', 'FOO'],
  ['   ', 'both', 'statement'],
  ["MATCH (e) WHERE e.name = 'unclosed RETURN e", 'both', 'statement'],
];

describe('read-only policy: the clause check (before the database sees a statement)', () => {
  const rows = TABLE.flatMap(([statement, dialect, clause]) =>
    (dialect === 'both' ? (['ladybug', 'neo4j'] as const) : [dialect]).map(
      (d) => [`${d}: ${statement.replace(/\n/g, ' ')}`, statement, d, clause] as const,
    ),
  );
  it.each(rows)('%s', (_, statement, dialect, clause) => {
    const verdict = checkStatement(statement, dialect);
    if (clause === null) {
      expect(verdict).toEqual({ allowed: true });
      return;
    }
    expect(verdict.allowed).toBe(false);
    if (verdict.allowed) return;
    expect(verdict.clause).toBe(clause);
    expect(verdict.reason.startsWith(clause)).toBe(true);
    expect(verdict.reason.length).toBeGreaterThan(clause.length + 10);
  });

  it('says why in words a user can act on', () => {
    const verdict = checkStatement("COPY (MATCH (e) RETURN e.name) TO '/tmp/x.csv'", 'ladybug');
    expect(verdict).toMatchObject({ allowed: false, reason: 'COPY reads or writes files on the host' });
    expect(checkStatement('CALL dbms.listConfig()', 'neo4j')).toMatchObject({
      reason: expect.stringContaining('is not one of the read-only procedures'),
    });
  });
});

describe('read-only policy: the database plan check', () => {
  it.each([
    ['ladybug', ['RESULT_COLLECTOR', 'PROJECTION', 'SCAN_NODE_TABLE'], [], null],
    ['ladybug', ['RESULT_COLLECTOR', 'TABLE_FUNCTION_CALL'], ['TABLE_INFO'], null],
    ['ladybug', ['RESULT_COLLECTOR', 'TABLE_FUNCTION_CALL'], ['READ_CSV_PARALLEL'], 'READ_CSV_PARALLEL'],
    ['ladybug', ['RESULT_COLLECTOR', 'COPY_TO', 'TABLE_FUNCTION_CALL'], ['READ_FTABLE'], 'COPY_TO'],
    ['ladybug', ['EXPORT_DATABASE'], [], 'EXPORT_DATABASE'],
    ['ladybug', ['ATTACH_DATABASE'], [], 'ATTACH_DATABASE'],
    ['neo4j', ['ProduceResults', 'Projection', 'NodeByLabelScan'], [], null],
    ['neo4j', ['ProduceResults', 'LoadCSV'], [], 'LoadCSV'],
    ['neo4j', ['ProduceResults', 'ProcedureCall'], ['db.labels'], null],
    ['neo4j', ['ProduceResults', 'ProcedureCall'], ['dbms.listConfig'], 'dbms.listConfig'],
  ] as const)('%s %j %j', (dialect, operators, procedures, clause) => {
    const verdict = checkPlan({ operators, procedures }, dialect);
    expect(verdict.allowed ? null : verdict.clause).toBe(clause);
  });

  it('refuses a plan the database says writes', () => {
    expect(checkPlan({ operators: [], procedures: [], writes: true }, 'neo4j')).toMatchObject({
      allowed: false,
    });
  });
});

describe('the Cypher tokenizer', () => {
  it('reads strings with escapes and doubled quotes, quoted names, parameters and comments', () => {
    const tokens = tokenizeCypher('RETURN \'it\\\'s\', "a""b", `x``y`, $p, 1.5e3 // note\n/* block */ -> <>');
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ['word', 'RETURN'],
      ['string', "it's"],
      ['symbol', ','],
      ['string', 'a"b'],
      ['symbol', ','],
      ['quoted', 'x`y'],
      ['symbol', ','],
      ['parameter', 'p'],
      ['symbol', ','],
      ['number', '1.5e3'],
      ['symbol', '->'],
      ['symbol', '<>'],
    ]);
  });
});
