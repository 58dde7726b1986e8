import db from '@adonisjs/lucid/services/db'
import { ACCESSORIALS, weeklyFuelRows } from '../../../database/data/diesel_prices.js'

/** The reference rows migration 0300 ships (fuel index, accessorials), which a reset empties. */
export async function seedReferenceRows() {
  const rows = weeklyFuelRows()
  for (let i = 0; i < rows.length; i += 50) {
    await db.table('fuel_indices').multiInsert(rows.slice(i, i + 50))
  }
  await db.table('accessorials_master').multiInsert(ACCESSORIALS)
}
