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
