import { Exception } from '@adonisjs/core/exceptions'

/** Typed HTTP errors; the exception handler renders them as `{ message }` JSON. */
export class BadRequestException extends Exception {
  static status = 400
  static code = 'E_BAD_REQUEST'
}
export class UnauthorizedException extends Exception {
  static status = 401
  static code = 'E_UNAUTHORIZED'
}
export class ForbiddenException extends Exception {
  static status = 403
  static code = 'E_FORBIDDEN'
}
export class NotFoundException extends Exception {
  static status = 404
  static code = 'E_NOT_FOUND'
}
export class ConflictException extends Exception {
  static status = 409
  static code = 'E_CONFLICT'
}

/**
 * A dependency the request needs is away for now (Redis, docs/decisions/0160): a 503 with
 * `Retry-After`, the client may try again.
 */
export class ServiceUnavailableException extends Exception {
  static status = 503
  static code = 'E_SERVICE_UNAVAILABLE'
  /** Sent as the `Retry-After` header. */
  retryAfterSeconds = 5
}

/** A request body past what the route accepts: a 413 with `{ message }`. */
export class PayloadTooLargeException extends Exception {
  static status = 413
  static code = 'E_PAYLOAD_TOO_LARGE'
}
