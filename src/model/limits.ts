/** Input limits, checked at the edge before anything is written. */

/** Longest accepted subject, predicate, object or name, in characters. */
export const MAX_TEXT_LENGTH = 2000;

/** Longest accepted user id, in characters. */
export const MAX_USER_ID_LENGTH = 256;
