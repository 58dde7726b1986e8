import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import DrayageMove from '#logistics/models/drayage_move'
import Appointment from '#logistics/models/appointment'
import CarrierProfileService from '#fleet/services/carrier_profile_service'

export const MOVE_NOT_FOUND = 'Drayage move not found'
export const APPOINTMENT_NOT_FOUND = 'Appointment not found'
export const NOT_DRAY = 'Drayage is not among your carrier modes'

/**
 * A drayage move is its shipper's and, once accepted, its carrier company's; an open move may
 * be accepted by any approved carrier whose modes include DRAY. Anyone else's is a 404.
 */
@inject()
export default class DrayageMovePolicy extends BasePolicy {
  constructor(private carriers: CarrierProfileService) {
    super()
  }

  /** GET /api/drayage/moves/:id */
  async view(user: Actor, target: RouteTarget) {
    const move = await this.moveOf(target.params)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(move.shipperId, user.id), MOVE_NOT_FOUND)
    }
    return this.allowedOr404(await this.isMoveCarrier(user, move), MOVE_NOT_FOUND)
  }

  /** POST /api/drayage/moves/:id/accept: any DRAY carrier (the service lets only one win) */
  async accept(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const move = await this.moveOf(target.params)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    const carrier = await this.carriers.findModes(user.id)
    if (!carrier || !carrier.modes.includes('DRAY')) return this.forbidden(NOT_DRAY)
    return true
  }

  /** POST /api/drayage/moves/:id/cancel: the move's shipper (the service checks the state) */
  async cancel(user: Actor, target: RouteTarget) {
    const move = await this.moveOf(target.params)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    return this.allowedOr404(
      this.isShipper(user) && this.owns(move.shipperId, user.id),
      MOVE_NOT_FOUND
    )
  }

  /** Gate-out, empty return and appointment requests: the move's carrier */
  async manage(user: Actor, target: RouteTarget) {
    const move = await this.moveOf(target.params)
    if (!move) return this.notFound(MOVE_NOT_FOUND)
    return this.allowedOr404(await this.isMoveCarrier(user, move), MOVE_NOT_FOUND)
  }

  /** PUT /api/drayage/moves/:id/driver: the move's carrier (the matrix lets owners and dispatchers) */
  async assignDriver(user: Actor, target: RouteTarget) {
    return this.manage(user, target)
  }

  /** POST /api/drayage/appointments/:id/status: the carrier of the appointment's move */
  async manageAppointment(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    const appointment =
      id === null ? null : await Appointment.query().where('id', id).select('drayageMoveId').first()
    const move = appointment
      ? await DrayageMove.query()
          .where('id', appointment.drayageMoveId)
          .select('carrierId', 'driverUserId')
          .first()
      : null
    return this.allowedOr404(
      move !== null && (await this.isMoveCarrier(user, move)),
      APPOINTMENT_NOT_FOUND
    )
  }

  private async moveOf(params: Record<string, unknown>) {
    const id = this.idOf(params, 'id')
    if (id === null) return null
    return DrayageMove.query()
      .where('id', id)
      .select('id', 'shipperId', 'carrierId', 'driverUserId')
      .first()
  }

  /** The move's carrier company; of its drivers, only the one it is assigned to (decision 0246). */
  private async isMoveCarrier(
    user: Actor,
    move: { carrierId: number | null; driverUserId: number | null }
  ) {
    if (!this.isApprovedCarrier(user) || move.carrierId === null) return false
    return (
      this.owns(move.carrierId, await this.carriers.findCarrierId(user.id)) &&
      (await this.reachesAsDriver(user, () => move.driverUserId))
    )
  }
}
