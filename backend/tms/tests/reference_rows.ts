import db from '@adonisjs/lucid/services/db'
import {
  ACCESSORIALS,
  FSC_BASE_PRICE,
  FSC_STEP,
  weeklyFuelRows,
} from '../../../database/data/diesel_prices.js'

/** The reference rows migration 0300 ships (fuel index, accessorials), which a reset empties. */
export async function seedReferenceRows() {
  const rows = weeklyFuelRows()
  for (let i = 0; i < rows.length; i += 50) {
    await db.table('fuel_indices').multiInsert(rows.slice(i, i + 50))
  }
  await db.table('accessorials_master').multiInsert(ACCESSORIALS)
}

/**
 * Everything the migrations ship that the demo seeder reads, after a reset: the fuel index and
 * accessorials (0300) and the fuel-surcharge table (0640).
 */
export async function seedDemoReferenceRows() {
  await seedReferenceRows()
  await db.table('fuel_surcharge_tables').insert({
    effective_date: '2025-01-01',
    base_price: FSC_BASE_PRICE,
    step: FSC_STEP,
    created_at: '2025-01-01 00:00:00',
  })
}
