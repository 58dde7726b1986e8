import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { routeNeeds } from '#core/middleware/route_needs_middleware'

type FieldError = { field: string; message: string; rule: string }

/**
 * Text the database and validators can hold: well-formed UTF-16 (no lone surrogate, which
 * breaks URI and email checks) and no NUL character (PostgreSQL refuses it in text columns).
 */
export function isWellFormedText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000')
}

/**
 * Keys that name Object.prototype members (`__proto__`, `constructor`, `toString`, ...): no
 * field of the API is called that, and an object carrying them breaks code that converts
 * values (`Number({ valueOf: 1, toString: 'x' })` throws) or pollutes prototypes.
 */
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'])

type BodyProblem = { field: string; problem: 'invalidText' | 'reservedKey' }

/** Paths (`items.0.name`) of every string or key that is not well-formed, and reserved keys. */
export function bodyProblems(value: unknown, path = '', found: BodyProblem[] = []): BodyProblem[] {
  if (found.length >= 20) return found
  if (typeof value === 'string') {
    if (!isWellFormedText(value)) found.push({ field: path || 'body', problem: 'invalidText' })
  } else if (Array.isArray(value)) {
    value.forEach((item, index) =>
      bodyProblems(item, path ? `${path}.${index}` : `${index}`, found)
    )
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const wellFormed = isWellFormedText(key)
      const safeKey = wellFormed ? key : key.toWellFormed().replaceAll('\u0000', '')
      const field = path ? `${path}.${safeKey}` : safeKey
      if (!wellFormed) found.push({ field, problem: 'invalidText' })
      else if (RESERVED_KEYS.has(key)) found.push({ field, problem: 'reservedKey' })
      else bodyProblems(item, field, found)
    }
  }
  return found
}

/**
 * Refuses, with a 422 naming each field, any request whose body or query string holds text that
 * is not well-formed or a reserved key, before a validator or the database sees it. Routes that
 * declare `rawBody` (`middleware.needs`: signed webhooks and feeds) are exempt: their raw body
 * is checked by its signature and parsed by the provider's driver.
 */
export default class SafeBodyMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (routeNeeds(ctx).rawBody) return next()
    const { request, response } = ctx
    const problems = [...bodyProblems(request.qs()), ...bodyProblems(request.body())]
    if (problems.length === 0) return next()
    const errors: FieldError[] = problems.map(({ field, problem }) =>
      problem === 'invalidText'
        ? {
            field,
            message: `The ${field} field contains invalid characters`,
            rule: 'wellFormedText',
          }
        : { field, message: `The ${field} field is not allowed`, rule: 'reservedKey' }
    )
    return response.status(422).send({ message: errors[0].message, errors })
  }
}
