import type { z } from 'zod';
import { HttpError } from './http-error.js';

/**
 * Parses request input with a zod schema; a mismatch becomes a 400 naming each bad field, e.g.
 * `invalid query: limit: Too big: expected number to be <=100`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${field}${issue.message}`;
  });
  throw new HttpError(400, `invalid ${what}: ${problems.join('; ')}`);
}
