import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { invoiceDueDate, invoiceIssueDate } from '#marketplace/services/invoice_terms'
import { inProcessZone } from '#tests/helpers'

/** [issued at, its New York day, due when paid (that day), due when unpaid (30 days on)] */
const CASES: [string, string, string, string][] = [
  // 00:30 UTC on the 26th is 19:30 on the 25th in New York.
  ['2026-11-26T00:30:00.000Z', '2026-11-25', '2026-11-25', '2026-12-25'],
  // 23:30 in New York on the 25th is 04:30 UTC on the 26th.
  ['2026-11-25T23:30:00.000-05:00', '2026-11-25', '2026-11-25', '2026-12-25'],
  // The demo's INV-2026-000022: 22:00 on the 25th in New York, 03:00 UTC on the 26th.
  ['2026-11-26T03:00:00.000Z', '2026-11-25', '2026-11-25', '2026-12-25'],
  // 23:30 on New Year's Eve in New York is already the next year in UTC.
  ['2026-12-31T23:30:00.000-05:00', '2026-12-31', '2026-12-31', '2027-01-30'],
  // The 30 days cross the end of daylight saving time (1 November 2026).
  ['2026-10-31T23:30:00.000-04:00', '2026-10-31', '2026-10-31', '2026-11-30'],
  // 00:30 in New York is that same day.
  ['2026-06-15T00:30:00.000-04:00', '2026-06-15', '2026-06-15', '2026-07-15'],
]

test.group('Invoice terms: due on the issue date plus the terms, in business time', () => {
  for (const zone of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
    test(`at off-hours, with the process in ${zone}`, async ({ assert }) => {
      await inProcessZone(zone, async () => {
        for (const [at, issued, paidDue, unpaidDue] of CASES) {
          // As the clock or a stored timestamp gives it: in the process's own zone.
          const issuedAt = DateTime.fromISO(at).toLocal()
          const issueDay = invoiceIssueDate(issuedAt).toISODate()!
          const paid = invoiceDueDate(issuedAt, true).toISODate()!
          const unpaid = invoiceDueDate(issuedAt, false).toISODate()!
          assert.deepEqual([issueDay, paid, unpaid], [issued, paidDue, unpaidDue], at)
          assert.isTrue(paid >= issueDay && unpaid > issueDay, `${at}: due before issue`)
        }
      })
    })
  }
})
