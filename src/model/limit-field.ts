import { z } from 'zod';

/**
 * An optional "how many" argument of a tool, 1 to `max` (a surface's cap from `SURFACE_CAPS`),
 * described for the model that fills it in.
 */
export function limitField(max: number, description: string) {
  return z.number().int().min(1).max(max).optional().describe(description);
}
