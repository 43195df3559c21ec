/** Input limits, checked at the edge before anything is written. One set, used everywhere. */

/** Longest accepted subject, predicate, object, name, query or thread id, in characters. */
export const MAX_TEXT_LENGTH = 2000;

/** Longest accepted user id, in characters. */
export const MAX_USER_ID_LENGTH = 256;

/**
 * Longest accepted message of a conversation turn, in characters. The episode always stores the
 * message whole; see {@link EXTRACTION_CHUNK_CHARS} for what the extractor reads of it.
 */
export const MAX_MESSAGE_LENGTH = 100_000;

/** Most messages in one conversation turn. */
export const MAX_TURN_MESSAGES = 100;

/** Longest accepted conversation turn (all its messages together), in characters. */
export const MAX_TURN_LENGTH = 400_000;

/**
 * Characters of a turn's user text that one extraction request reads. A longer user text is cut
 * at sentence boundaries into chunks of at most this size, one request each (so a turn costs one
 * model call up to this size). Assistant messages are context only: the extractor sees their
 * first {@link EXTRACTION_CONTEXT_CHARS} characters.
 */
export const EXTRACTION_CHUNK_CHARS = 16_000;

/** Characters of each assistant message shown to the extractor as context. */
export const EXTRACTION_CONTEXT_CHARS = 2_000;
