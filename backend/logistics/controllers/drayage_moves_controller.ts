import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DrayageMoveService, { type DrayageViewer } from '#logistics/services/drayage_move_service'
import { drivingAs, hidesMoney } from '#accounts/services/driver_members'
import { assignDriverValidator } from '#accounts/validators/company'
import { signedInPersonId } from '#accounts/services/signed_in_person'
import AppointmentService from '#logistics/services/appointment_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { ForbiddenException } from '#core/exceptions/http_errors'
import { NOT_DRAY } from '#logistics/policies/drayage_move_policy'
import {
  appointmentStatusValidator,
  cancelDrayageMoveValidator,
  createDrayageMoveValidator,
  requestAppointmentValidator,
} from '#logistics/validators/drayage'

/** Who reads a move: a driver member is sent no money (docs/decisions/0246). */
function viewerOf(auth: HttpContext['auth']): DrayageViewer {
  const user = auth.getUserOrFail()
  if (hidesMoney(user)) return 'driver'
  return user.role === 'shipper' || user.role === 'carrier' ? user.role : 'admin'
}

/** Drayage moves: the shipper's requests, the DRAY carrier's work, and their appointments. */
@inject()
export default class DrayageMovesController {
  constructor(
    private moves: DrayageMoveService,
    private appointments: AppointmentService,
    private carriers: CarrierProfileService
  ) {}

  /** GET /api/drayage/moves: the shipper's moves, or the carrier's accepted ones */
  async index({ auth }: HttpContext) {
    const user = auth.user!
    return user.role === 'shipper'
      ? this.moves.forShipper(user.id)
      : this.moves.forCarrier(user.id, drivingAs(user))
  }

  /** POST /api/drayage/moves (shipper) */
  async store({ auth, request, response }: HttpContext) {
    const input = await request.validateUsing(createDrayageMoveValidator)
    return response.created(await this.moves.create(auth.user!.id, input))
  }

  /** POST /api/drayage/moves/:id/cancel (its shipper, before gate-out) */
  async cancel({ params, request }: HttpContext) {
    const { reason } = await request.validateUsing(cancelDrayageMoveValidator)
    return this.moves.cancel(Number(params.id), reason ?? null)
  }

  /** GET /api/drayage/moves/open (carriers whose modes include DRAY) */
  async open({ auth }: HttpContext) {
    const carrier = await this.carriers.findModes(auth.user!.id)
    if (!carrier || !carrier.modes.includes('DRAY')) throw new ForbiddenException(NOT_DRAY)
    return this.moves.open()
  }

  /** GET /api/drayage/moves/:id (DrayageMovePolicy: its shipper or carrier) */
  async show({ params, auth }: HttpContext) {
    return this.moves.show(Number(params.id), viewerOf(auth))
  }

  /** PUT /api/drayage/moves/:id/driver: a driver of the company, or null (decision 0246) */
  async assignDriver({ params, request, auth }: HttpContext) {
    const { memberId } = await request.validateUsing(assignDriverValidator)
    return this.moves.assignDriver(
      Number(params.id),
      auth.getUserOrFail().id,
      memberId,
      signedInPersonId(auth)
    )
  }

  /** POST /api/drayage/moves/:id/accept */
  async accept({ auth, params }: HttpContext) {
    return this.moves.accept(auth.user!.id, Number(params.id))
  }

  /** POST /api/drayage/moves/:id/gate-out */
  async gateOut({ params, auth }: HttpContext) {
    return this.moves.gateOut(Number(params.id), viewerOf(auth))
  }

  /** POST /api/drayage/moves/:id/empty-return */
  async emptyReturn({ params, auth }: HttpContext) {
    return this.moves.emptyReturn(Number(params.id), viewerOf(auth))
  }

  /** POST /api/drayage/moves/:id/appointments */
  async requestAppointment({ params, request, response }: HttpContext) {
    const input = await request.validateUsing(requestAppointmentValidator)
    return response.created(await this.appointments.request(Number(params.id), input))
  }

  /** POST /api/drayage/appointments/:id/status */
  async appointmentStatus({ params, request }: HttpContext) {
    const input = await request.validateUsing(appointmentStatusValidator)
    return this.appointments.transition(Number(params.id), input)
  }
}
