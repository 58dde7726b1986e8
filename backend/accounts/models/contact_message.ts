import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A message sent through the contact form (decision 0185). */
export default class ContactMessage extends BaseModel {
  static table = 'contact_messages'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare email: string

  @column()
  declare company: string | null

  @column()
  declare subject: string

  @column()
  declare message: string

  /** users.id of a signed-in sender */
  @column()
  declare userId: number | null

  @column.dateTime()
  declare createdAt: DateTime
}
