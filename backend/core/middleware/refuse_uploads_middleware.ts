import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Route patterns that accept multipart uploads; each processes the stream itself (bodyparser's
 * autoProcess is off): a carrier's proof of delivery (tms) and insurance certificate (trust), 10 MB,
 * PDF/JPEG/PNG by content.
 */
export const UPLOAD_ROUTES: readonly string[] = [
  '/api/tms/shipments/:id/documents',
  '/api/carrier/insurance',
]

/**
 * A multipart body sent anywhere else is refused with 415 before anything reads it, so a large
 * upload to /api/login or a webhook never reaches the disk.
 */
export default class RefuseUploadsMiddleware {
  handle({ request, response, route }: HttpContext, next: NextFn) {
    const type = request.header('content-type') ?? ''
    if (/^multipart\//i.test(type) && !UPLOAD_ROUTES.includes(route?.pattern ?? '')) {
      return response.status(415).send({ message: 'This endpoint does not accept file uploads' })
    }
    return next()
  }
}
