import { test } from '@japa/runner'
import {
  netRecoveries,
  outstandingOf,
  recoveryAdvance,
  sumDeductions,
} from '#payments/services/recovery_rules'

test.group('Recovery netting (decision 0254)', () => {
  test('nothing owed: the payout is transferred whole', ({ assert }) => {
    assert.deepEqual(netRecoveries(70_350, []), { deductions: [], netCents: 70_350 })
    assert.deepEqual(netRecoveries(70_350, [{ claimId: 3, outstandingCents: 0 }]), {
      deductions: [],
      netCents: 70_350,
    })
  })

  test('a recovery smaller than the payout is taken whole; the rest is transferred', ({
    assert,
  }) => {
    assert.deepEqual(netRecoveries(10_000, [{ claimId: 1, outstandingCents: 2_501 }]), {
      deductions: [{ claimId: 1, amountCents: 2_501 }],
      netCents: 7_499,
    })
  })

  test('a recovery larger than the payout uses it up; the transfer is zero', ({ assert }) => {
    assert.deepEqual(netRecoveries(10_000, [{ claimId: 1, outstandingCents: 25_000 }]), {
      deductions: [{ claimId: 1, amountCents: 10_000 }],
      netCents: 0,
    })
  })

  test('oldest claim first, whatever the order given; no claim past its recovery', ({ assert }) => {
    const net = netRecoveries(10_000, [
      { claimId: 9, outstandingCents: 8_000 },
      { claimId: 4, outstandingCents: 3_000 },
    ])
    assert.deepEqual(net.deductions, [
      { claimId: 4, amountCents: 3_000 },
      { claimId: 9, amountCents: 7_000 },
    ])
    assert.equal(net.netCents, 0)
  })

  test('deductions + net = payout for every payout and recovery, to the cent', ({ assert }) => {
    for (let payout = 0; payout <= 3_000; payout += 7) {
      for (const owed of [0, 1, 99, 1_000, 1_001, 2_999, 5_000]) {
        const open = [
          { claimId: 1, outstandingCents: owed },
          { claimId: 2, outstandingCents: Math.floor(owed / 3) },
        ]
        const { deductions, netCents } = netRecoveries(payout, open)
        assert.equal(sumDeductions(deductions) + netCents, payout)
        assert.isAtLeast(netCents, 0)
        for (const d of deductions) {
          assert.isAbove(d.amountCents, 0)
          assert.isAtMost(
            d.amountCents,
            open.find((o) => o.claimId === d.claimId)!.outstandingCents
          )
        }
        assert.equal(netCents, Math.max(0, payout - owed - Math.floor(owed / 3)))
      }
    }
  })

  test('fractions of a cent are refused', ({ assert }) => {
    assert.throws(() => netRecoveries(10.5, []))
    assert.throws(() => netRecoveries(10, [{ claimId: 1, outstandingCents: 0.5 }]))
  })
})

test.group('Recovery advance and outstanding (decision 0254)', () => {
  test('the card takes back what its charge still allows; the rest is owed to the shipper', ({
    assert,
  }) => {
    assert.deepEqual(recoveryAdvance(20_000, 77_308), { cardCents: 20_000, owedCents: 0 })
    assert.deepEqual(recoveryAdvance(77_808, 77_308), { cardCents: 77_308, owedCents: 500 })
    assert.deepEqual(recoveryAdvance(5_000, 0), { cardCents: 0, owedCents: 5_000 })
    assert.deepEqual(recoveryAdvance(0, 100), { cardCents: 0, owedCents: 0 })
    for (const [recovery, refundable] of [
      [1, 1],
      [10_001, 10_000],
      [999, 5_000],
    ]) {
      const { cardCents, owedCents } = recoveryAdvance(recovery, refundable)
      assert.equal(cardCents + owedCents, recovery)
    }
  })

  test('outstanding never below zero; nothing without a recovery', ({ assert }) => {
    assert.equal(outstandingOf(null, 0), 0)
    assert.equal(outstandingOf(5_000, 1_200), 3_800)
    assert.equal(outstandingOf(5_000, 5_000), 0)
  })
})
