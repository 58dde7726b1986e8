/**
 * The census the test suites read: an in-memory fake (installed by bootstrap.ts) that knows
 * every USDOT number as a clean carrier unless a test sets its record. The real drivers pass
 * the shared contract suite in plugins/carrier_vetting/tests.
 */
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { cleanRecord, FakeCarrierVetting } from '#plugins/carrier_vetting/main'

// Dated by the business day like the app's checks (UTC's is New York's tomorrow in the evening).
export const testCensus = new FakeCarrierVetting({
  fallback: (dot) => cleanRecord(dot, businessToday(new Clock())),
})

/** Routes every vetting to the test census (again, after a test swapped another driver in). */
export async function useTestCensus() {
  const { default: app } = await import('@adonisjs/core/services/app')
  const manager = await app.container.make('carrier_vetting.manager')
  manager.restore()
  manager.swap(testCensus)
}
