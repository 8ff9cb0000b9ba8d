/** Domain errors thrown by services; one handler (http/error-handler.ts) maps them to problem+json. */
export class DomainError extends Error {
  /** Members added to the problem document (e.g. a 409's `current` state). */
  extensions?: Record<string, unknown>;

  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

/** The error, naming the body's field it is about (problem+json `fields`), so a form shows it there. */
export function atField<E extends DomainError>(error: E, field: string): E {
  error.extensions = { ...error.extensions, fields: { [field]: error.message } };
  return error;
}

export class Invalid extends DomainError {
  constructor(message: string, errors?: string[]) {
    super(400, 'Bad Request', message, errors ?? [message]);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication required') {
    super(401, 'Unauthorized', message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'Access forbidden. Please contact support') {
    super(403, 'Forbidden', message);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(404, 'Not Found', message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}
/** A one-time link already used or expired (410): asking again will not help, a new link will. */
export class Gone extends DomainError {
  constructor(message: string) {
    super(410, 'Gone', message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'Too Many Requests', message);
  }
}

/** A save with a stale `version`: the 409 carries the thing as it is now (`current`), so the editor can show the other change. */
export class StaleVersion extends Conflict {
  constructor(message: string, current: unknown) {
    super(message);
    this.extensions = { current };
  }
}
