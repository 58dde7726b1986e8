import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DrayageMoveService from '#logistics/services/drayage_move_service'
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
    return user.role === 'shipper' ? this.moves.forShipper(user.id) : this.moves.forCarrier(user.id)
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
    const role = auth.user!.role
    return this.moves.show(
      Number(params.id),
      role === 'shipper' || role === 'carrier' ? role : 'admin'
    )
  }

  /** POST /api/drayage/moves/:id/accept */
  async accept({ auth, params }: HttpContext) {
    return this.moves.accept(auth.user!.id, Number(params.id))
  }

  /** POST /api/drayage/moves/:id/gate-out */
  async gateOut({ params }: HttpContext) {
    return this.moves.gateOut(Number(params.id))
  }

  /** POST /api/drayage/moves/:id/empty-return */
  async emptyReturn({ params }: HttpContext) {
    return this.moves.emptyReturn(Number(params.id))
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
