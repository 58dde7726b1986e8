import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CheckResult, VettingCheck } from '#trust/services/vetting_checks'

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

  @column({
    prepare: (v: VettingCheck[]) => JSON.stringify(v),
    consume: (v) => (typeof v === 'string' ? JSON.parse(v) : v),
  })
  declare checks: VettingCheck[]

  @column({ consume: (v) => Boolean(v) })
  declare verified: boolean

  @column.dateTime()
  declare checkedAt: DateTime
}
