import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A driver's step at an expedited job's stop, from the phone (docs/decisions/0263): the
 * booking's `StopEvent` with the job as its subject.
 */
export default class ExpeditedStopEvent extends BaseModel {
  static table = 'expedited_stop_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare expeditedJobId: number

  /** arrived_pickup, loaded, departed_pickup, arrived_delivery, delivered or exception */
  @column()
  declare type: string

  /** the type, or `exception-<n>`: unique per job */
  @column()
  declare step: string

  /** the phone's Idempotency-Key: unique per job */
  @column()
  declare clientKey: string

  /** the phone's own clock, as it reported it (the server's `recordedAt` is the record) */
  @column()
  declare reportedAt: string | null

  @column.dateTime()
  declare recordedAt: DateTime

  @column()
  declare latitude: number | null

  @column()
  declare longitude: number | null

  @column()
  declare accuracyM: number | null

  @column()
  declare pieces: number | null

  @column()
  declare sealNumber: string | null

  @column()
  declare consigneeName: string | null

  /** the drive key of the consignee's signature (PNG) */
  @column()
  declare signaturePath: string | null

  @column()
  declare exceptionKind: string | null

  @column()
  declare exceptionNote: string | null

  /** the company's account user (docs/decisions/0223) */
  @column()
  declare recordedBy: number

  /** the member who acted, when a member did */
  @column()
  declare memberUserId: number | null

  /** the drive key of the signed POD (PDF), on the delivery */
  @column()
  declare podPath: string | null

  @column.dateTime()
  declare createdAt: DateTime
}
