import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import DrayageMove from './drayage_move.js'
import type { AppointmentKind, AppointmentStatus } from '#logistics/services/appointment_states'

/** A terminal appointment window for a drayage move (states: docs/decisions/0121). */
export default class Appointment extends BaseModel {
  static table = 'appointments'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare drayageMoveId: number

  @column()
  declare kind: AppointmentKind

  @column.dateTime()
  declare windowStart: DateTime

  @column.dateTime()
  declare windowEnd: DateTime

  /** starts at REQUESTED */
  @column()
  declare status: AppointmentStatus

  @column()
  declare confirmationNumber: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => DrayageMove)
  declare drayageMove: BelongsTo<typeof DrayageMove>
}
