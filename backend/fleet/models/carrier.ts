import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, decimalColumn, jsonColumn } from '#core/columns'

export default class Carrier extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare companyName: string

  @column()
  declare dotNumber: string | null

  @column()
  declare mcNumber: string | null

  /** the drive key of the uploaded insurance certificate */
  @column({ serializeAs: null })
  declare insuranceDocument: string | null

  @column.date()
  declare insuranceExpiresOn: DateTime | null

  @column()
  declare businessAddress: string | null

  @column()
  declare city: string | null

  @column()
  declare state: string | null

  @column()
  declare zipCode: string | null

  @column(decimalColumn)
  declare latitude: number | null

  @column(decimalColumn)
  declare longitude: number | null

  @column({ serializeAs: null })
  declare stripeAccountId: string | null

  @column(booleanColumn)
  declare stripeOnboardingCompleted: boolean

  @column()
  declare scac: string | null

  @column(jsonColumn)
  declare modeMask: string[]

  @column(booleanColumn)
  declare verified: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
