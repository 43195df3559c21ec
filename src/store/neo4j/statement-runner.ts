import type { Row } from '../rows.js';
import type { UserState } from './user-state.js';

/** How the search ports run the adapter's named statements: reads only (a search never writes). */
export interface Neo4jStatementRunner {
  read(name: string, params: Record<string, unknown>): Promise<Row[]>;
  /** The user's state, read once per recall (see `UserStateReads`). */
  userState(userId: string): Promise<UserState>;
}
