/**
 * The one error model. Services throw these; the error handler (error-handler.ts) maps them to the error
 * envelope. `details` becomes `errorMessage` and must never carry secrets or internals.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Overrides the route's apiObject when the error concerns another resource. */
    readonly apiObject?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export interface FieldProblem {
  path: string;
  message: string;
}

/** 400: a field is missing or malformed. Lists each bad field in `errorMessage.fields`. */
export class ValidationError extends AppError {
  constructor(message: string, fields: FieldProblem[] = []) {
    super(400, message, { fields });
  }
  static field(path: string, message: string): ValidationError {
    return new ValidationError(message, [{ path, message }]);
  }
}

/**
 * 422: a well-formed field names something that cannot be used here (a conversation's assignee who is no
 * member of the business, or whose role cannot answer). Lists the field like a `ValidationError`.
 */
export class UnprocessableFieldError extends AppError {
  constructor(path: string, message: string) {
    super(422, message, { fields: [{ path, message }] });
  }
}

/** 400: the request is well-formed but breaks a business rule (insufficient credits, already published). */
export class BusinessRuleError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(400, message, details);
  }
}

/** 400 for duplicates (docs/api.md "Errors") (e-mail already registered, phone already stored). */
export class ConflictError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(400, message, { reason: 'conflict', ...details });
  }
}

/**
 * 409: the request is right, but something outside it refuses it for now (a phone-number id another business
 * holds, a number whose quality keeps marketing paused). `ConflictError` stays a 400 for the contract's older
 * conflicts; docs/api.md lists which routes answer this one.
 */
export class StateConflictError extends AppError {
  constructor(message: string, details: Record<string, unknown>) {
    super(409, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(resource = 'Resource', apiObject?: string) {
    super(404, `${resource} not found`, {}, apiObject);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests, try again later',
    readonly retryAfterSeconds?: number,
    /** More of where the caller stands (`reason`, ...), next to `retryAfterSeconds` in `errorMessage`. */
    details: Record<string, unknown> = {},
  ) {
    super(429, message, { ...details, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  }
}

/** 500 with a message that is safe and useful to show (an outside provider failed, not our code). */
export class UpstreamError extends AppError {
  constructor(message: string, details: Record<string, unknown> = {}) {
    super(500, message, details);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service unavailable') {
    super(503, message);
  }
}
