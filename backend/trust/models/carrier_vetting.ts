import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CheckResult, VettingCheck } from '#trust/services/vetting_checks'
import { booleanColumn, jsonColumn } from '#core/columns'

export type VettingTrigger = 'registration' | 'admin' | 'revet' | 'dispatch' | 'insurance'

export default class CarrierVetting extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare carrierId: number

  @column()
  declare driver: string

  @column()
  declare trigger: VettingTrigger

  @column()
  declare result: CheckResult

  @column(jsonColumn)
  declare checks: VettingCheck[]

  @column(booleanColumn)
  declare verified: boolean

  @column.dateTime()
  declare checkedAt: DateTime
}
