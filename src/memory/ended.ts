import { irregularFormsOf } from '../lexicon/exceptions.js';
import type { Closing, TimelineFact } from './temporal.js';

/**
 * Facts said as over ("I used to live in Lisbon", "I worked at Google"): a value that held before
 * the turn that says so, and no longer holds. Such a fact is stored already closed, at the turn's
 * time, and closes nothing else: "I used to work at Google" says nothing of where one works now.
 * When it held is not known: it is kept with an empty interval at the time it was said, closed by
 * nothing (`supersededBy` null), which tells it apart from a retracted value (closed by the value
 * that replaced it).
 */

/** What ending a value at a time does to its group's timeline. */
export type Ending =
  /** The value held at that time: it is closed then. */
  | { kind: 'close'; uid: string; close: Closing }
  /** Already known as over then, or said again later (the later word stands): nothing changes. */
  | { kind: 'keep'; uid: string }
  /** Not known before: a new fact, over when said. */
  | { kind: 'insert'; fact: TimelineFact };

/** Whether a fact is one said as over: an empty interval closed by nothing. */
export function isEnded(fact: Pick<TimelineFact, 'validFrom' | 'validTo' | 'supersededBy'>): boolean {
  return fact.validTo !== null && fact.validTo.getTime() === fact.validFrom.getTime() && !fact.supersededBy;
}

/**
 * Ends `value` at `at` in a group: the fact holding it then is closed then (unless it was said
 * again after `at`: the later word stands); a fact already over at `at` is kept; otherwise a new
 * fact is made, over when said. Other values of the group are never touched.
 */
export function endOnTimeline(
  facts: readonly TimelineFact[],
  value: string,
  at: Date,
  source: string,
  newUid: () => string,
): Ending {
  const t = at.getTime();
  const same = facts.filter((f) => f.value === value);
  const holder = same.find(
    (f) => f.validFrom.getTime() <= t && (f.validTo === null || t < f.validTo.getTime()),
  );
  if (holder) {
    if (holder.observations.some((o) => o.at.getTime() > t)) return { kind: 'keep', uid: holder.uid };
    return {
      kind: 'close',
      uid: holder.uid,
      close: { validTo: at, invalidatedBy: source, supersededBy: null },
    };
  }
  const over = same.find((f) => f.validTo?.getTime() === t);
  if (over) return { kind: 'keep', uid: over.uid };
  return {
    kind: 'insert',
    fact: {
      uid: newUid(),
      value,
      validFrom: at,
      validTo: at,
      invalidatedBy: source,
      supersededBy: null,
      source,
      observations: [{ at, source }],
    },
  };
}

/**
 * The functional predicate a past-tense predicate says is over: "worked_at" → "works_at",
 * "lived_in" → "lives_in", "was_married_to" → "is_married_to", "used_to_work_at" → "works_at"
 * (also after "previously_" or "formerly_"). `undefined` for any other predicate.
 */
export function endedReading(key: string, functional: ReadonlySet<string>): string | undefined {
  const bare = key.replace(/^(?:previously|formerly)_/, '');
  for (const present of functional) if (pastForms(present).includes(bare)) return present;
  return undefined;
}

const pastCache = new Map<string, readonly string[]>();

/** The past forms of a present-tense predicate key ("works_at" → "worked_at", "used_to_work_at"). */
function pastForms(key: string): readonly string[] {
  const cached = pastCache.get(key);
  if (cached) return cached;
  const [head = '', ...rest] = key.split('_');
  const tail = rest.length > 0 ? `_${rest.join('_')}` : '';
  const forms: string[] = [];
  if (head === 'is') forms.push(`was${tail}`);
  else if (head.length > 2 && head.endsWith('s') && rest.length > 0) {
    // "works" → "work": its regular past, its irregular ones, and "used to work".
    const base = head.slice(0, -1);
    const regular = base.endsWith('e') ? `${base}d` : `${base}ed`;
    for (const past of [regular, ...irregularFormsOf(base, 'verb')]) forms.push(`${past}${tail}`);
    forms.push(`used_to_${base}${tail}`);
  }
  pastCache.set(key, forms);
  return forms;
}
