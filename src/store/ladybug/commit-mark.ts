import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * The number of the last write a database acknowledged, kept beside it (`<database>.commits`)
 * so that `kgmem doctor` can say how many writes a damaged log held: the database counts its
 * commits in its Meta table (inside each write's transaction), and this file says how far the
 * count had gone. It is rewritten in place after every commit with one small write, never forced
 * to disk (a power cut may lose its last updates; the database's own durability does not depend
 * on it).
 */
export class CommitMark {
  private fd: number | undefined;

  constructor(private readonly path: string) {}

  /** Records `commits` as the last acknowledged write (best effort: a failure only loses the hint). */
  record(commits: number): void {
    try {
      this.fd ??= openSync(this.path, 'w');
      // Fixed width, so each record overwrites the whole previous one in one write.
      writeSync(this.fd, `${String(commits).padStart(19, ' ')}\n`, 0);
    } catch {
      this.close();
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already closed.
    }
    this.fd = undefined;
  }
}

/** The mark file of a database. */
export function commitMarkPath(databasePath: string): string {
  return `${databasePath}.commits`;
}

/** The last acknowledged write recorded beside a database, or undefined when there is no record. */
export function readCommitMark(databasePath: string): number | undefined {
  try {
    const value = Number(readFileSync(commitMarkPath(databasePath), 'utf8').trim());
    return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
