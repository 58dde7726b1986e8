import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import DrayageMove from './drayage_move.js'

/** A terminal appointment window for a drayage move. */
export default class Appointment extends BaseModel {
  static table = 'appointments'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare drayageMoveId: number

  @column.dateTime()
  declare windowStart: DateTime

  @column.dateTime()
  declare windowEnd: DateTime

  /** starts at REQUESTED */
  @column()
  declare status: string

  @belongsTo(() => DrayageMove)
  declare drayageMove: BelongsTo<typeof DrayageMove>
}
