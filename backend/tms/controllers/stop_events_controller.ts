import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { checkUpload, readSingleUpload } from '#core/uploads'
import { validationError } from '#core/validation'
import { IDEMPOTENCY_HEADER } from '#core/middleware/idempotency_middleware'
import StopEventService from '#tms/services/stop_event_service'
import { MAX_PHOTO_BYTES, stopEventValidator } from '#tms/validators/stop_events'

/** The driver's steps at a booking's stops and their photos (docs/decisions/0243). */
@inject()
export default class StopEventsController {
  constructor(private events: StopEventService) {}

  async index({ params }: HttpContext) {
    return this.events.forBooking(Number(params.id))
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
    // The checks every upload passes (#core/uploads), then: a photo, not a PDF.
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
}
