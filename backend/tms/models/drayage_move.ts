import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import Appointment from './appointment.js'

const decimal = { consume: (v: unknown) => (v === null ? null : Number(v)) }

/** A container move between a port terminal and a customer. */
export default class DrayageMove extends BaseModel {
  static table = 'drayage_moves'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare containerNo: string

  @column()
  declare terminalCode: string

  @column.dateTime()
  declare gateIn: DateTime | null

  @column.dateTime()
  declare gateOut: DateTime | null

  @column()
  declare freeDays: number

  @column(decimal)
  declare demurragePerDay: number

  @column(decimal)
  declare perDiemPerDay: number

  @column.date()
  declare lastFreeDay: DateTime | null

  @column(decimal)
  declare totalDemurrage: number

  @column(decimal)
  declare totalPerDiem: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => Appointment)
  declare appointments: HasMany<typeof Appointment>
}
