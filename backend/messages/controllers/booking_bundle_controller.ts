import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { contentDisposition } from '#core/file_sniffing'
import BookingBundleService from '#messages/services/booking_bundle_service'

/** A booking's document bundle (docs/decisions/0250); MessagePolicy.bundle has checked who. */
@inject()
export default class BookingBundleController {
  constructor(private bundles: BookingBundleService) {}

  /** GET /api/bookings/:id/bundle: the ZIP. */
  async download({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const bundle = await this.bundles.build(Number(params.id), {
      userId: user.id,
      role: user.role as 'shipper' | 'carrier' | 'admin',
      actorUserId: user.member?.userId,
    })
    response.header('content-type', 'application/zip')
    response.header('content-disposition', contentDisposition(bundle.fileName))
    response.header('cache-control', 'private, no-store')
    return response.send(bundle.bytes)
  }
}
