/**
 * Errors of docsctl: one class per kind, and the one mapper from an error to GitBook's error body.
 * This is the only module that knows HTTP statuses.
 */

/** An error meant for the caller: its message says what was wrong and how to fix it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Structured detail (conflicting pages, the failing field …), returned beside the message. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class BadRequestError extends ApiError {
  constructor(message: string, data?: Record<string, unknown>) {
    super(400, message, data)
  }
}
export class UnauthorizedError extends ApiError {
  constructor(message = 'Authentication required: send "Authorization: Bearer <token>" (create one with `docsctl token create`).') {
    super(401, message)
  }
}
export class ForbiddenError extends ApiError {
  constructor(message: string) {
    super(403, message)
  }
}
export class NotFoundError extends ApiError {
  constructor(message: string) {
    super(404, message)
  }
}
export class ConflictError extends ApiError {
  constructor(message: string, data?: Record<string, unknown>) {
    super(409, message, data)
  }
}
export class PreconditionFailedError extends ApiError {
  constructor(message: string) {
    super(412, message)
  }
}
export class PayloadTooLargeError extends ApiError {
  constructor(message: string) {
    super(413, message)
  }
}
export class TooManyRequestsError extends ApiError {
  constructor(message: string) {
    super(429, message)
  }
}

export interface ErrorBody {
  error: { code: number; message: string; data?: Record<string, unknown> }
}

/**
 * Maps any thrown value to a status and GitBook's error body. Unknown errors are logged with their
 * stack and answered 500 with a generic message: internals never leak to the caller.
 */
export function toErrorBody(error: unknown, log: (error: unknown) => void = defaultLog): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    const body: ErrorBody = { error: { code: error.status, message: error.message } }
    if (error.data) body.error.data = error.data
    return { status: error.status, body }
  }
  log(error)
  return { status: 500, body: { error: { code: 500, message: 'Internal error: the server could not complete the request.' } } }
}

function defaultLog(error: unknown) {
  console.error(error)
}

/** Rebuilds an ApiError from an error body received over HTTP, so a command fails alike on both transports. */
export function fromErrorBody(status: number, body: unknown): ApiError {
  const error = (body as Partial<ErrorBody> | undefined)?.error
  const message = typeof error?.message === 'string' ? error.message : `The server answered HTTP ${status}.`
  return new ApiError(typeof error?.code === 'number' ? error.code : status, message, error?.data)
}
