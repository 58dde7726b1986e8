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
