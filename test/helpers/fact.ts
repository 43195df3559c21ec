import type { Fact } from '../../src/model/types.js';

/** What a test fact may set beyond its predicate key and object. */
export interface TestFactOptions {
  subject?: string;
  /** Days after 2026-01-01 (UTC) it began; the epoch when left out. */
  day?: number;
  mentions?: number;
  /** The statement; `"<subject> <key> <object>"` when left out. */
  statement?: string;
}

/** A current fact built in memory (uid from subject, key and object), for tests of pure ranking code. */
export function testFact(key: string, object: string, options: TestFactOptions = {}): Fact {
  const subject = options.subject ?? 'User';
  const at =
    options.day === undefined ? new Date(0) : new Date(Date.UTC(2026, 0, 1) + options.day * 86_400_000);
  return {
    uid: `${subject}:${key}:${object}`,
    userId: 'u',
    subjectUid: subject,
    subject,
    objectUid: object,
    object,
    predicate: key.replace(/_/g, ' '),
    key,
    statement: options.statement ?? `${subject} ${key} ${object}`,
    confidence: 1,
    validFrom: at,
    validTo: null,
    createdAt: at,
    episodeIds: [`turn-${key}`],
    invalidatedBy: null,
    supersededBy: null,
    mentions: options.mentions ?? 1,
    observedAt: [at],
    observedBy: [`turn-${key}`],
  };
}

/** One fact as a model's extraction answer writes it (snake_case types, as the schema has them). */
export function modelFact(subject: string, predicate: string, object: string, objectType = 'thing') {
  return { subject, predicate, object, subject_type: 'person', object_type: objectType };
}
