import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CYPHER_ROOT, stripComments } from '../../src/store/cypher-files.js';

/**
 * Every Neo4j statement that finds a node or a fact by its unique key (`uid`, `id`) names that
 * key's index with `USING INDEX`. Without the hint, Neo4j plans from its statistics, and while a
 * store grows from empty (a first import, a new server) those are sampled late: an index's
 * selectivity reads 0 for a few seconds and the planner starts from the user's index instead
 * (every entity of the user, for each row), which stalled one statement of an import for 10–15 s
 * in 7 of 8 runs (docs/neo4j.md).
 */
const KEYED_LABELS = ['Entity', 'Episode', 'EntityKey', 'StoreItem'];

/** The anchors a MATCH clause has (variable, label, key) that its hints do not name. */
function unhintedAnchors(statement: string): string[] {
  const missing: string[] = [];
  const clauses = stripComments(statement).split(
    /\n(?=\s*(?:OPTIONAL\s+)?MATCH\b|\s*(?:UNWIND|WITH|CALL|RETURN|CREATE|MERGE|SET|DELETE|DETACH|FOREACH)\b)/,
  );
  for (const clause of clauses) {
    const match = /^\s*(?:OPTIONAL\s+)?MATCH\s+([^\n]*)/.exec(clause);
    if (!match) continue;
    const pattern = match[1] ?? '';
    const anchors = [
      ...[...pattern.matchAll(/\((\w*):(\w+) \{(uid|id): /g)]
        .filter((m) => KEYED_LABELS.includes(m[2] as string))
        .map((m) => ({ variable: m[1] as string, label: m[2] as string, key: m[3] as string })),
      ...[...pattern.matchAll(/\[(\w*):FACT \{uid: /g)].map((m) => ({
        variable: m[1] as string,
        label: 'FACT',
        key: 'uid',
      })),
    ];
    if (anchors.length === 0) continue;
    const hinted = anchors.some(
      (a) => a.variable !== '' && clause.includes(`USING INDEX ${a.variable}:${a.label}(${a.key})`),
    );
    if (!hinted) missing.push(anchors.map((a) => `${a.variable}:${a.label}(${a.key})`).join(' or '));
  }
  return missing;
}

describe('Neo4j statements name the unique index they start from', () => {
  const dir = join(CYPHER_ROOT, 'neo4j');
  const files = readdirSync(dir).filter((f) => f.endsWith('.cypher'));

  it.each(files)('%s', (file) => {
    expect(unhintedAnchors(readFileSync(join(dir, file), 'utf8'))).toEqual([]);
  });

  it.each([
    [
      'a node found by uid, no hint',
      'UNWIND $rows AS r\nMATCH (e:Entity {uid: r.uid})\nWHERE e.userId = $userId\nSET e.x = 1',
      ['e:Entity(uid)'],
    ],
    [
      'a fact found by uid, no hint',
      'MATCH (:Entity)-[f:FACT {uid: $uid}]->(:Entity)\nWHERE f.userId = $userId\nRETURN f',
      ['f:FACT(uid)'],
    ],
    [
      'a hint naming another index',
      'MATCH (k:EntityKey {id: $id})-[:KEY_OF]->(e:Entity)\nUSING INDEX e:Entity(userId)\nRETURN e',
      ['k:EntityKey(id)'],
    ],
    ['an anonymous anchor cannot be hinted', 'MATCH (:Episode {uid: $uid})\nRETURN 1', [':Episode(uid)']],
    [
      'hinted',
      'MATCH (e:Entity {uid: $uid})\nUSING INDEX e:Entity(uid)\nWHERE e.userId = $userId\nRETURN e',
      [],
    ],
    [
      'one of two anchors hinted',
      'MATCH (p:Episode {uid: $p})-[m:MENTIONS]->(e:Entity {uid: $e})\nUSING INDEX p:Episode(uid)\nDELETE m',
      [],
    ],
    [
      'a user found by id needs none (no other index to start from)',
      'MATCH (u:User {id: $userId})\nRETURN u',
      [],
    ],
    [
      'each MATCH clause on its own',
      'MATCH (s:Entity {uid: $s})\nUSING INDEX s:Entity(uid)\nMATCH (o:Entity {uid: $o})\nRETURN s, o',
      ['o:Entity(uid)'],
    ],
  ])('the check itself: %s', (_, statement, expected) => {
    expect(unhintedAnchors(statement)).toEqual(expected);
  });
});
