/**
 * Uids in the shape of UUID v4 from a seed (xorshift32): the same sequence every run, so a
 * benchmark whose facts tie on score (ordered by uid) prints the same figures every time, and a
 * change is compared with the code before it on the same data. For a memory of its own on a
 * database of its own only: two writers with one seed would make the same uids.
 */
export function seededUids(seed = 0x9e3779b9): () => string {
  let state = seed >>> 0 || 1;
  const next = (): string => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state.toString(16).padStart(8, '0');
  };
  return () => {
    const hex = next() + next() + next() + next();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}
