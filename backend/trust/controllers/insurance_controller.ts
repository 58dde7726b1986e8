import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import InsuranceService from '#trust/services/insurance_service'
import { insuranceUploadValidator } from '#trust/validators/insurance'
import { extensionMatches, sniffUpload } from '#core/file_sniffing'
import { readSingleUpload } from '#core/uploads'
import { validationError } from '#core/validation'
import { ForbiddenException } from '#core/exceptions/http_errors'

/** Largest insurance certificate a carrier may send: 10 MB, like the TMS uploads. */
export const MAX_CERTIFICATE_BYTES = 10 * 1024 * 1024

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
    const file = await readSingleUpload(request, 'file', MAX_CERTIFICATE_BYTES)
    const input = await request.validateUsing(insuranceUploadValidator, { data: request.all() })
    if (!file || file.size === 0) {
      throw validationError([{ field: 'file', message: 'A file is required', rule: 'required' }])
    }
    if (file.size > MAX_CERTIFICATE_BYTES) {
      return response.status(413).send({ message: 'File too large: the limit is 10 MB' })
    }
    const kind = sniffUpload(file.bytes)
    if (!kind || !extensionMatches(file.name, kind)) {
      throw validationError([
        {
          field: 'file',
          message: 'The file must be a PDF, JPEG or PNG, named with its own extension',
          rule: 'fileType',
        },
      ])
    }
    const view = await this.insurance.upload(userId, { bytes: file.bytes, kind }, input.expiresOn)
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
