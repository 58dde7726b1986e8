import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

/** An accessorial charge (liftgate, residential, ...) and its default price. */
export default class Accessorial extends BaseModel {
  static table = 'accessorials_master'
  static primaryKey = 'code'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare code: string

  @column()
  declare description: string

  @column(decimalColumn)
  declare defaultPrice: number
}
