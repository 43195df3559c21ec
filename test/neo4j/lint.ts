import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintCypherQuery, testData } from '@neo4j-cypher/language-support';
import { fillIntegerPlaceholders, splitStatements, stripComments } from '../../src/store/cypher-files.js';

/**
 * The database schema the linter checks against: Neo4j 5's functions and procedures as bundled
 * in the language-support package's mock schema, plus kgmem's own labels, relationship types and
 * property keys, so a misspelt label or property is reported too.
 */
const schema = {
  ...testData.mockSchema,
  labels: ['User', 'Entity', 'EntityKey', 'Episode', 'Meta', 'StoreItem'],
  relationshipTypes: ['OWNS', 'FACT', 'KEY_OF', 'HAS_EPISODE', 'MENTIONS'],
  propertyKeys: [
    ...new Set([
      ...(testData.mockSchema.propertyKeys ?? []),
      ...'id createdAt uid userId key name type summary aliases aliasText embedding updatedAt mentions'.split(
        ' ',
      ),
      ...'predicate statement confidence validFrom validTo episodeIds invalidatedBy supersededBy value observedAt observedBy'.split(
        ' ',
      ),
      ...'threadId messages contentHash at status error text concepts terms conceptTerms userKey writeLock writes'.split(
        ' ',
      ),
      // A time's milliseconds since the epoch (f.validFrom.epochMillis), which the linter reads as
      // a property key.
      'epochMillis',
      // Row fields of vector migrations.
      ...'vector'.split(' '),
      ...'path vectors seq'.split(' '),
      // Keys of the row maps passed as parameters (UNWIND $rows AS r … r.subjectUid).
      ...'entityUid subjectUid objectUid episodeUid'.split(' '),
    ]),
  ],
};

/** One diagnostic, located in its file. */
export interface LintProblem {
  file: string;
  statement: number;
  message: string;
}

// The linter cannot know the parameters a statement is run with: its notice of each is expected.
const UNDECLARED_PARAMETER = /^Parameter \$\w+ is not defined\.$/;

/** Lints every statement of a file; undefined-parameter notices are expected and ignored. */
export function lintFile(path: string): LintProblem[] {
  const text = fillIntegerPlaceholders(stripComments(readFileSync(path, 'utf8')), {
    embeddingDimension: 256,
  });
  return splitStatements(text).flatMap((statement, i) =>
    lintCypherQuery(statement, schema as never)
      .map((d) => ({ message: typeof d.message === 'string' ? d.message : d.message.value }))
      .filter((d) => !UNDECLARED_PARAMETER.test(d.message))
      .map((d) => ({ file: path, statement: i + 1, message: d.message })),
  );
}

/** The `.cypher` files directly inside a folder. */
export function cypherFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cypher'))
    .sort()
    .map((name) => join(dir, name));
}
