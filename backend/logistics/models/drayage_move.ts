import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Appointment from './appointment.js'
import { tiersColumn, type Tier } from '#logistics/services/drayage_rules'
import type { DrayageStatus } from '#logistics/services/drayage_states'
import { decimalColumn } from '#core/columns'

/** A container move between a port or rail terminal and a customer (docs/decisions/0120). */
export default class DrayageMove extends BaseModel {
  static table = 'drayage_moves'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare containerNo: string

  @column()
  declare terminalCode: string

  @column()
  declare shipperId: number | null

  @column()
  declare carrierId: number | null

  @column()
  declare status: DrayageStatus

  @column()
  declare deliveryAddress: string | null

  @column.date()
  declare availableOn: DateTime | null

  @column.dateTime()
  declare gateIn: DateTime | null

  @column.dateTime()
  declare gateOut: DateTime | null

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column.dateTime()
  declare emptyReturnedAt: DateTime | null

  /** when its shipper cancelled it (docs/decisions/0147) */
  @column.dateTime()
  declare cancelledAt: DateTime | null

  @column()
  declare cancelReason: string | null

  @column()
  declare freeDays: number

  @column(decimalColumn)
  declare demurragePerDay: number

  @column(decimalColumn)
  declare perDiemPerDay: number

  @column(tiersColumn)
  declare demurrageTiers: Tier[]

  @column(tiersColumn)
  declare perDiemTiers: Tier[]

  @column.date()
  declare lastFreeDay: DateTime | null

  /** road miles from the terminal to the delivery, fixed at request (docs/decisions/0187) */
  @column(decimalColumn)
  declare distanceMiles: number | null

  /** the shipper's line-haul price in dollars, fixed at request; null on unpriced old moves */
  @column(decimalColumn)
  declare lineHaul: number | null

  @column(decimalColumn)
  declare totalDemurrage: number

  @column(decimalColumn)
  declare totalPerDiem: number

  @column.dateTime()
  declare chargesComputedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /** the driver's login the move is assigned to (docs/decisions/0246), and who assigned it when */
  @column()
  declare driverUserId: number | null

  @column()
  declare driverAssignedBy: number | null

  @column.dateTime()
  declare driverAssignedAt: DateTime | null

  @hasMany(() => Appointment)
  declare appointments: HasMany<typeof Appointment>
}
