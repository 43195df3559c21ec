/** How the uids of an exported record become the restored ones. */
export interface UidMapping {
  /** An entity's or a fact's uid. */
  record(id: string): string;
  /** A provenance entry (a turn's uid, or a source such as `api`). */
  source(id: string): string;
  /** A turn's uid. */
  turn(id: string): string;
}

/** The mapping that keeps every uid (a record read back into the memory that wrote it). */
export const SAME_UIDS: UidMapping = { record: (id) => id, source: (id) => id, turn: (id) => id };
