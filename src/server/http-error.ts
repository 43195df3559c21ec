/** An error that becomes a JSON `{error}` response with this HTTP status. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    /** The HTTP status to answer with. */
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 500 | 503,
    message: string,
    /** The error class a kgmem client makes of it (sent as `name`); by status when not given. */
    readonly errorName?: string,
  ) {
    super(message);
  }
}
