/**
 * The one error hierarchy of the product. Every layer throws these; the REST middleware and the
 * GraphQL formatError map them to transport codes in one place each (api/platform/http/error-middleware.ts,
 * api/platform/graphql/format-error.ts). Field errors are keyed by the command's own (camelCase) field
 * names; each transport renames them to its wire names.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

/**
 * Why a request was refused, where the code alone does not tell a client which message to show
 * (GraphQL's extensions.reason; the web translates it).
 */
export type ErrorReason =
  | 'SUBSCRIPTION_CANCELLED'
  | 'TWO_FACTOR_SETUP_REQUIRED'
  /** Signed in with a generated password: only sign-out, `me` and the password change answer until one is chosen. */
  | 'PASSWORD_CHANGE_REQUIRED'
  /** A posting dated on or before the lock (`date`). */
  | 'BOOKS_LOCKED'
  /** Another supplier (`name`) has this VAT number. */
  | 'VAT_NUMBER_TAKEN'
  /** A lock date on or after today. */
  | 'LOCK_NOT_PAST'
  /** Unlocking part of a closed fiscal year (`from`, `to`). */
  | 'YEAR_CLOSED'
  /** Closing a fiscal year (`from`, `to`) that has not ended. */
  | 'YEAR_NOT_ENDED'
  /** Closing or reopening a year while a later one (`from`, `to`) is closed. */
  | 'LATER_YEAR_CLOSED'
  /** Reopening a year that is not closed. */
  | 'YEAR_NOT_CLOSED'
  /** Reopening a year without a reason. */
  | 'REASON_REQUIRED'
  /** Changing the fiscal year's first month while a year is closed. */
  | 'FIRST_MONTH_FIXED'
  /** A credit-note line at a VAT category and rate (`line`, `rate`, `category`) its invoice did not charge. */
  | 'CREDIT_VAT_NOT_CHARGED'
  /** Credit-note lines crediting more at a VAT rate than remains of it (`line`, `rate`, `category`, `net`, `vat`: what remains). */
  | 'CREDIT_VAT_EXCEEDS_CHARGED'
  /** Not a refusal: the write was saved, but its answer could not be read back yet (do not send it again). */
  | 'SAVED_PENDING';

/** What a client fills into its own wording of a reason (days as YYYY-MM-DD). */
export type ErrorParams = Record<string, string>;

/** Refusals every resource gives, in the words clients recognise them by (they import these, never copies). */
export const FIELD_REQUIRED = 'This field is required.';
export const FIELD_BLANK = 'This field may not be blank.';
export const CHANGED_MEANWHILE = 'The record was changed by someone else. Reload and try again.';
/** A text too long for its field (`{max}` characters): see ./wording. */
export const TOO_LONG = 'Ensure this field has no more than {max} characters.';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly reason?: ErrorReason,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The same error with its fields named as a transport names them (`dueDate` → `due_date`). */
  withFieldNames(rename: (field: string) => string): this {
    if (!this.fieldErrors) return this;
    const renamed: FieldErrors = {};
    for (const [field, messages] of Object.entries(this.fieldErrors)) (renamed[rename(field)] ??= []).push(...messages);
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    return Object.assign(copy, this, { fieldErrors: renamed, message: this.message, stack: this.stack });
  }
}

export class ValidationError extends AppError {
  constructor(message: string, fieldErrors?: FieldErrors, reason?: ErrorReason, params?: ErrorParams) {
    super('VALIDATION', message, fieldErrors, reason, params);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'Authentication credentials were not provided.') {
    super('UNAUTHENTICATED', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to perform this action.') {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends AppError {
  constructor(message = CHANGED_MEANWHILE, reason?: ErrorReason, params?: ErrorParams) {
    super('CONFLICT', message, undefined, reason, params);
  }
}

export class RateLimitedError extends AppError {
  constructor(
    message = 'Too many requests. Please try again later.',
    /** When known, how long until a retry can succeed (REST: the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export class UnavailableError extends AppError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super('UNAVAILABLE', message);
  }
}
