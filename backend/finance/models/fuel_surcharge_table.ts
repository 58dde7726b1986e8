import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

/** A version of the fuel-surcharge table, in force from its effective date. */
export default class FuelSurchargeTable extends BaseModel {
  static table = 'fuel_surcharge_tables'

  @column({ isPrimary: true })
  declare id: number

  @column.date()
  declare effectiveDate: DateTime

  @column(decimalColumn)
  declare basePrice: number

  @column(decimalColumn)
  declare step: number

  @column()
  declare createdByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
