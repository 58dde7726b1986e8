import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A port or rail terminal where drayage moves start or end. */
export default class Terminal extends BaseModel {
  static table = 'terminals'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare name: string | null

  @column()
  declare unLocode: string | null

  @column()
  declare address: string | null
}
