/**
 * The one order of every ranked list of recall: best score first, ties by uid. Without the
 * second key, equal scores would keep the order the candidates were gathered in, which depends
 * on how a store holds its copy (written one by one, loaded from the database or from a
 * snapshot): the same question on the same memory must rank the same way in every process.
 */
export function byScore(a: { score: number; uid: string }, b: { score: number; uid: string }): number {
  return b.score - a.score || compareUids(a.uid, b.uid);
}

/** Code-unit order of two uids (locale-independent, unlike `localeCompare`). */
export function compareUids(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What tells apart two candidates of equal score: how much evidence each has. */
export interface TieEvidence {
  /** How many signals found it. */
  signals: number;
  /** How close its statement is to the question (a cosine, when read): a closer one is likelier what is asked. */
  closeness?: number;
  /** How many times it was said. */
  mentions: number;
  /** When it became true, or was said (ms). */
  at: number;
}

/**
 * Best score first; equal scores by evidence (more signals, then closer to the question when
 * that is read, then more mentions, then newer), and only then by uid, so a tie falls to what the
 * memory knows rather than to how uids sort.
 */
export function byScoreThenEvidence(
  evidence: (uid: string) => TieEvidence | undefined,
): (a: { score: number; uid: string }, b: { score: number; uid: string }) => number {
  return (a, b) => {
    if (b.score !== a.score) return b.score - a.score;
    const x = evidence(a.uid);
    const y = evidence(b.uid);
    if (x && y) {
      const more =
        y.signals - x.signals ||
        (y.closeness ?? 0) - (x.closeness ?? 0) ||
        y.mentions - x.mentions ||
        y.at - x.at;
      if (more !== 0) return more;
    }
    return compareUids(a.uid, b.uid);
  };
}
