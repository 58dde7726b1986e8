import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import InsuranceService from '#trust/services/insurance_service'
import { insuranceUploadValidator } from '#trust/validators/insurance'
import { MAX_UPLOAD_BYTES, checkUpload, readSingleUpload } from '#core/uploads'
import { ForbiddenException } from '#core/exceptions/http_errors'

/** Largest insurance certificate a carrier may send: 10 MB, like every upload. */
export const MAX_CERTIFICATE_BYTES = MAX_UPLOAD_BYTES

/**
 * The carrier's own insurance certificate. Any carrier account, pending included (an admin
 * reviews the certificate before approving), so the role is checked here, not by `role`.
 */
@inject()
export default class InsuranceController {
  constructor(private insurance: InsuranceService) {}

  async show({ auth }: HttpContext) {
    return this.insurance.forUser(this.carrierUserId(auth))
  }

  async upload({ auth, request, response }: HttpContext) {
    const userId = this.carrierUserId(auth)
    const received = await readSingleUpload(request, 'file', MAX_CERTIFICATE_BYTES)
    const input = await request.validateUsing(insuranceUploadValidator, { data: request.all() })
    const file = checkUpload(received, 'file', MAX_CERTIFICATE_BYTES)
    const view = await this.insurance.upload(
      userId,
      { bytes: file.bytes, kind: file.kind },
      input.expiresOn
    )
    return response.status(201).send(view)
  }

  async download({ auth, response }: HttpContext) {
    const file = await this.insurance.certificateOfUser(this.carrierUserId(auth))
    response.header('content-type', file.mimeType)
    response.header('content-disposition', `attachment; filename="${file.fileName}"`)
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }

  private carrierUserId(auth: HttpContext['auth']) {
    const user = auth.getUserOrFail()
    if (user.role !== 'carrier' || user.approvalStatus === 'rejected') {
      throw new ForbiddenException('You do not have access to this resource')
    }
    return user.id
  }
}
