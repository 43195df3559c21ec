import { KgmemError } from '../model/errors.js';

/** Extraction failed (model unreachable, rate limited past retries, invalid output twice). */
export class ExtractionError extends KgmemError {
  override name = 'ExtractionError';

  constructor(
    message: string,
    /** Model requests made before giving up. */
    readonly requests: number,
  ) {
    super(message);
  }
}
