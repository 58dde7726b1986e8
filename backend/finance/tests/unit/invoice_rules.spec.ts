import { test } from '@japa/runner'
import {
  INVOICE_STATUSES,
  auditInvoice,
  canTransition,
  formatAdvancedInvoiceNumber,
  invoiceTotalCents,
  lineAmountCents,
  makeLine,
  nextAdvancedInvoiceSequence,
  splitBookedPrice,
  toleranceCents,
} from '#finance/invoice_rules'

const evidence = {
  note: null,
  documentId: null,
  stop: 'DELIVERY',
  startedAt: '2026-03-02T08:00:00.000Z',
  endedAt: '2026-03-02T11:30:00.000Z',
}

test.group('invoice lines and totals', () => {
  test('a line is quantity times unit price, rounded once', ({ assert }) => {
    assert.equal(lineAmountCents(1, 7500), 7500)
    assert.equal(lineAmountCents(1.25, 7500), 9375)
    assert.equal(lineAmountCents(0.33, 1001), 330)
    assert.equal(makeLine('LIFTGATE', 'Liftgate', 2, 7500).amountCents, 15000)
    assert.equal(
      invoiceTotalCents([makeLine('A', 'a', 1, 101), makeLine('B', 'b', 3, 33)]),
      101 + 99
    )
  })

  test('a booked price splits into line haul and the surcharge it holds, to the cent', ({
    assert,
  }) => {
    assert.deepEqual(splitBookedPrice(140000, 40), { lineHaulCents: 100000, fscCents: 40000 })
    const odd = splitBookedPrice(123457, 37)
    assert.equal(odd.lineHaulCents + odd.fscCents, 123457)
    assert.deepEqual(splitBookedPrice(50000, 0), { lineHaulCents: 50000, fscCents: 0 })
  })
})

test.group('invoice status machine', () => {
  test('draft to issued or void; issued to paid or void; paid and void are final', ({ assert }) => {
    assert.isTrue(canTransition('DRAFT', 'ISSUED', 'carrier'))
    assert.isTrue(canTransition('DRAFT', 'VOID', 'carrier'))
    assert.isTrue(canTransition('ISSUED', 'PAID', 'admin'))
    assert.isTrue(canTransition('ISSUED', 'VOID', 'admin'))
    assert.isFalse(canTransition('ISSUED', 'PAID', 'carrier'))
    assert.isFalse(canTransition('ISSUED', 'VOID', 'carrier'))
    assert.isFalse(canTransition('DRAFT', 'PAID', 'admin'))
    assert.isFalse(canTransition('ISSUED', 'DRAFT', 'admin'))
    for (const to of INVOICE_STATUSES) {
      assert.isFalse(canTransition('PAID', to, 'admin'))
      assert.isFalse(canTransition('VOID', to, 'admin'))
    }
  })
})

test.group('invoice audit', () => {
  const booked = [makeLine('LINEHAUL', 'Line haul', 1, 100000), makeLine('FSC', 'Fuel', 1, 40000)]

  test('the tolerance is the larger of $25 and 2 percent', ({ assert }) => {
    assert.equal(toleranceCents(50000), 2500)
    assert.equal(toleranceCents(125000), 2500)
    assert.equal(toleranceCents(140000), 2800)
  })

  test('an invoice as booked passes with no variance', ({ assert }) => {
    const audit = auditInvoice(booked, booked)
    assert.equal(audit.result, 'PASS')
    assert.equal(audit.varianceCents, 0)
    assert.deepEqual(
      audit.lines.map((l) => l.finding),
      ['As booked', 'As booked']
    )
  })

  test('an unbooked charge within the tolerance passes, beyond it flags', ({ assert }) => {
    const small = auditInvoice([...booked, makeLine('APPT', 'Appointment', 1, 2500)], booked)
    assert.equal(small.result, 'PASS')
    assert.equal(small.varianceCents, 2500)
    const detention = makeLine('DETENTION_HR', 'Detention', 1.5, 7500, evidence)
    const flagged = auditInvoice([...booked, detention], booked)
    assert.equal(flagged.result, 'FLAGGED')
    assert.equal(flagged.varianceCents, 11250)
    assert.equal(flagged.toleranceCents, 2800)
    assert.deepInclude(flagged.lines[2], {
      code: 'DETENTION_HR',
      billedCents: 11250,
      expectedCents: 0,
      varianceCents: 11250,
    })
    assert.include(flagged.lines[2].finding, 'evidence (2026-03-02T08:00:00.000Z to')
  })

  test('a line billed above its booked amount and a booked line not billed', ({ assert }) => {
    const audit = auditInvoice(
      [makeLine('LINEHAUL', 'Line haul', 1, 110000)],
      [...booked, makeLine('LIFTGATE', 'Liftgate', 1, 7500)]
    )
    assert.equal(audit.lines[0].finding, 'Differs from the booked amount')
    assert.equal(audit.lines[0].varianceCents, 10000)
    assert.deepEqual(
      audit.lines.slice(1).map((l) => [l.code, l.finding, l.varianceCents]),
      [
        ['FSC', 'Booked but not billed', -40000],
        ['LIFTGATE', 'Booked but not billed', -7500],
      ]
    )
    // Billing less than booked is no re-bill: it passes.
    assert.equal(audit.result, 'PASS')
    assert.equal(audit.varianceCents, 110000 - 147500)
  })
})

test.group('advanced invoice numbers', () => {
  test('AINV-YYYY-NNNNNN, restarting every year', ({ assert }) => {
    assert.equal(formatAdvancedInvoiceNumber(2026, 42), 'AINV-2026-000042')
    assert.equal(nextAdvancedInvoiceSequence(null, 2026), 1)
    assert.equal(nextAdvancedInvoiceSequence('AINV-2026-000041', 2026), 42)
    assert.equal(nextAdvancedInvoiceSequence('AINV-2025-000041', 2026), 1)
    assert.equal(nextAdvancedInvoiceSequence('INV-2026-000041', 2026), 1)
  })
})
