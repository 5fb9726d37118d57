import type { ErrorBody } from '../../src/core/types.js';

/** An error with the HTTP status to answer; every route throws these for bad input. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** The one JSON shape of every 4xx and 5xx answer. */
export function errorBody(code: number, error: string): ErrorBody {
  return { code, error };
}
