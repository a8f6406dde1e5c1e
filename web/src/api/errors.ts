/** One problem the service found with one input (`errorMessage.fields` of a 400). */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A failure answer of the API: its status, its message and, when the service named them, the inputs that
 * caused it, so a form can show each message next to its field.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static from(status: number, body: unknown): ApiError {
    const b = (body ?? {}) as { message?: unknown; errorMessage?: unknown };
    const message =
      typeof b.message === 'string' && b.message
        ? b.message
        : status === 0
          ? 'The service could not be reached; check your connection and try again'
          : `The service answered ${status}`;
    const details = b.errorMessage && typeof b.errorMessage === 'object' ? b.errorMessage : {};
    return new ApiError(status, message, details as Record<string, unknown>);
  }

  /** Messages by input name: validation problems (`fields`) and a business rule naming its `field`. */
  get fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    const fields = this.details.fields;
    if (Array.isArray(fields)) {
      for (const f of fields as FieldProblem[]) {
        if (f && typeof f.path === 'string' && f.path && !(f.path in out)) out[f.path] = sentence(f.message);
      }
    }
    const field = this.details.field;
    if (typeof field === 'string' && !(field in out)) out[field] = this.message;
    return out;
  }
}

function sentence(message: string): string {
  return message ? message[0]!.toUpperCase() + message.slice(1) : 'Invalid value';
}

/** The words to show for any error (an ApiError's message, or a generic one for a bug or a network drop). */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError)
    return 'The service could not be reached; check your connection and try again';
  return err instanceof Error ? err.message : 'Something went wrong';
}
