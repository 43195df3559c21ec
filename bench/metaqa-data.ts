import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the shared MetaQA copy lives (beside the project root). */
export const METAQA_DIR =
  process.env.KGMEM_METAQA_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'data', 'metaqa');

/** One knowledge-base line. */
export interface KbTriple {
  subject: string;
  predicate: string;
  object: string;
}

/** One dev question. */
export interface Question {
  question: string;
  topic: string;
  answers: string[];
  qtype: string;
}

/** The 129,233 facts of kb.tsv. */
export function loadKb(): KbTriple[] {
  return readFileSync(join(METAQA_DIR, 'kb.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      const [subject = '', predicate = '', object = ''] = line.split('\t');
      return { subject, predicate, object };
    });
}

/**
 * The dev questions of one hop count (1, 2 or 3); `paraphrased` for the set whose relation words
 * were reworded.
 */
export function loadQuestions(hops: 1 | 2 | 3, paraphrased = false): Question[] {
  const file = join(METAQA_DIR, ...(paraphrased ? ['paraphrased'] : []), `${hops}-hop-dev.tsv`);
  const [, ...rows] = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0);
  return rows.map((row) => {
    const [question = '', topic = '', answers = '', qtype = ''] = row.split('\t');
    return { question, topic, answers: answers.split('|'), qtype };
  });
}
