import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { checkUpload, readSingleUpload } from '#core/uploads'
import { validationError } from '#core/validation'
import { IDEMPOTENCY_HEADER } from '#core/middleware/idempotency_middleware'
import ExpeditedStopEventService from '#logistics/services/expedited_stop_event_service'
import { MAX_PHOTO_BYTES, stopEventValidator } from '#tms/validators/stop_events'
import { contentDisposition } from '#core/file_sniffing'

/**
 * The driver's steps at an expedited job's stops, their photos, and the signed proof of
 * delivery (docs/decisions/0263): the booking's (decision 0243) with the job as the subject.
 */
@inject()
export default class ExpeditedStopEventsController {
  constructor(private events: ExpeditedStopEventService) {}

  async index({ params }: HttpContext) {
    return this.events.forJob(Number(params.id))
  }

  async store({ params, request, response, auth }: HttpContext) {
    // The phone's offline queue resends a step with its key: without one it could land twice.
    const key = request.header(IDEMPOTENCY_HEADER)
    if (!key) {
      throw validationError([
        {
          field: 'Idempotency-Key',
          message: 'Each step needs an Idempotency-Key header, so a retried step is recorded once',
          rule: 'required',
        },
      ])
    }
    const input = await request.validateUsing(stopEventValidator)
    const user = auth.getUserOrFail()
    const result = await this.events.record(
      Number(params.id),
      { userId: user.id, memberUserId: user.member?.userId ?? null },
      key,
      input
    )
    if (result.replayed) response.header('Idempotent-Replayed', 'true')
    return response.status(result.replayed ? 200 : 201).send(result.event)
  }

  async photo({ params, request, response, auth }: HttpContext) {
    const file = checkUpload(
      await readSingleUpload(request, 'photo', MAX_PHOTO_BYTES),
      'photo',
      MAX_PHOTO_BYTES
    )
    if (file.kind.mime === 'application/pdf') {
      throw validationError([
        { field: 'photo', message: 'The photo must be a JPEG or PNG', rule: 'fileType' },
      ])
    }
    const photo = await this.events.addPhoto(Number(params.id), auth.getUserOrFail().id, {
      bytes: file.bytes,
      mimeType: file.kind.mime,
      extension: file.kind.extension,
    })
    return response.status(201).send(photo)
  }

  async pod({ params, response }: HttpContext) {
    const file = await this.events.proofOfDelivery(Number(params.id))
    response.header('content-type', 'application/pdf')
    response.header('content-disposition', contentDisposition(file.filename))
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }
}
