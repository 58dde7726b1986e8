import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

export type ExpeditedPaymentStatus = 'INIT' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED'

/** A card payment for an expedited job, before it is offered (docs/decisions/0188). */
export default class ExpeditedPayment extends BaseModel {
  static table = 'expedited_payments'

  @column({ isPrimary: true })
  declare id: number

  /** expedited_jobs.id */
  @column()
  declare expeditedJobId: number

  /** users.id of the job's shipper */
  @column()
  declare shipperId: number

  @column()
  declare paymentIntentId: string

  @column()
  declare chargeId: string | null

  @column(decimalColumn)
  declare amountCents: number

  @column()
  declare status: ExpeditedPaymentStatus

  @column()
  declare failureMessage: string | null

  @column()
  declare refundId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
