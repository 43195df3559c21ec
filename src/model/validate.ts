import { InvalidInputError } from './errors.js';
import { MAX_MESSAGE_LENGTH, MAX_TEXT_LENGTH, MAX_USER_ID_LENGTH } from './limits.js';

// Control characters other than tab/newline mark binary or corrupted input.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

/**
 * Checks a user id and returns it unchanged. User ids are exact: two ids that differ in any
 * character are two users, so an id with leading or trailing whitespace (`"alice "`, most often
 * a slip) is refused rather than silently read as another user's.
 *
 * @param where - the calling function, named in the error (`"Memory.recall"`)
 * @param field - what the id is called in the error (`userId`, `agentId`)
 * @throws InvalidInputError when empty, with surrounding whitespace, too long or containing
 *   control characters
 */
export function checkUserId(userId: unknown, where: string, field = 'userId'): string {
  if (typeof userId !== 'string' || userId.trim().length === 0) {
    throw new InvalidInputError(
      `${where}: ${field} must be a non-empty string (got ${JSON.stringify(userId)})`,
    );
  }
  if (userId !== userId.trim()) {
    throw new InvalidInputError(
      `${where}: ${field} ${JSON.stringify(userId)} has leading or trailing whitespace; ids are exact, so pass ${JSON.stringify(userId.trim())} if that is the one meant`,
    );
  }
  if (userId.length > MAX_USER_ID_LENGTH) {
    throw new InvalidInputError(
      `${where}: ${field} is ${userId.length} characters; use at most ${MAX_USER_ID_LENGTH}`,
    );
  }
  if (CONTROL_CHARS.test(userId)) {
    throw new InvalidInputError(
      `${where}: ${field} contains control or replacement characters; use plain text`,
    );
  }
  return userId;
}

/**
 * Checks one text field (a triple part, a name, a query) and returns it trimmed.
 *
 * @param maxLength - longest accepted length (default {@link MAX_TEXT_LENGTH})
 * @throws InvalidInputError when empty, over `maxLength` characters or binary
 */
export function checkText(
  value: unknown,
  field: string,
  where: string,
  maxLength: number = MAX_TEXT_LENGTH,
): string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new InvalidInputError(
      `${where}: ${field} must be a non-empty string (got ${JSON.stringify(value)})`,
    );
  }
  const trimmed = value.trim();
  if (trimmed.length > maxLength) {
    throw new InvalidInputError(
      `${where}: ${field} is ${trimmed.length} characters; use at most ${maxLength}`,
    );
  }
  if (CONTROL_CHARS.test(trimmed)) {
    throw new InvalidInputError(
      `${where}: ${field} contains control or replacement characters (binary or non-UTF-8 input?)`,
    );
  }
  return trimmed;
}

/** Parses a date given as `Date`, ISO string or epoch milliseconds. */
export function checkDate(value: unknown, field: string, where: string): Date {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : null;
  if (date === null || Number.isNaN(date.getTime())) {
    throw new InvalidInputError(
      `${where}: ${field} must be a date (ISO 8601 such as 2026-01-31 or a Date); got ${JSON.stringify(value)}`,
    );
  }
  return date;
}

/**
 * Checks text that is kept exactly as sent (a message of a turn, a thread id, a speaker's name)
 * and returns it unchanged: leading and trailing whitespace, tabs and line ends are part of it.
 *
 * @throws InvalidInputError when blank, over `maxLength` characters or binary
 */
export function checkExactText(
  value: unknown,
  field: string,
  where: string,
  maxLength: number = MAX_TEXT_LENGTH,
): string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new InvalidInputError(
      `${where}: ${field} must be a non-blank string (got ${JSON.stringify(value)?.slice(0, 80)})`,
    );
  }
  if (value.length > maxLength) {
    throw new InvalidInputError(`${where}: ${field} is ${value.length} characters; use at most ${maxLength}`);
  }
  if (CONTROL_CHARS.test(value)) {
    throw new InvalidInputError(
      `${where}: ${field} contains control or replacement characters (binary or non-UTF-8 input?)`,
    );
  }
  return value;
}

/**
 * Checks one message of a conversation turn (up to {@link MAX_MESSAGE_LENGTH} characters) and
 * returns it exactly as sent.
 *
 * @throws InvalidInputError when blank, too long or binary
 */
export function checkMessageText(value: unknown, field: string, where: string): string {
  return checkExactText(value, field, where, MAX_MESSAGE_LENGTH);
}
