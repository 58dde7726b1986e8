/*
 * The demo's freight finance (decisions 0130-0134), through finance's own services at their
 * moment: carriers' check-in and check-out with the detention they give, accessorials with
 * evidence, invoices drafted and issued (audited as the server audits them), shippers'
 * answers to flagged ones and an admin's payment. Amounts are the server's.
 */
import type { DateTime } from 'luxon'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'

export type FinancePlan = {
  /** the carrier's times at a stop: arrival this many hours before delivery, and the stay */
  stops?: { stop: 'PICKUP' | 'DELIVERY'; arrivedHoursBefore: number; stayMinutes: number }[]
  accessorials?: { code: string; note: string }[]
  /** how far the carrier took its invoice */
  invoice: 'draft' | 'issued'
  /** the shipper's answer to a flagged invoice */
  decision?: { decision: 'ACCEPTED' } | { decision: 'DISPUTED'; reason: string }
  /** an admin marks the issued invoice paid */
  paid?: boolean
}

/** Plans a delivered booking's charges and invoice, from an hour after delivery on. */
export function planFinance(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  index: number,
  plan: FinancePlan,
  who: { shipper: string; carrier: string },
  deliveredAt: DateTime
) {
  const id = () => state.booking(index).id
  const start = deliveredAt.plus({ hours: 1 })
  if (start > t.now) return
  const name = `booking ${index}`
  t.at(start, `${who.carrier} records the charges of ${name}`, async () => {
    const carrierUserId = state.userId(who.carrier)
    for (const stop of plan.stops ?? []) {
      const arrivedAt = deliveredAt.minus({ hours: stop.arrivedHoursBefore })
      const departedAt = arrivedAt.plus({ minutes: stop.stayMinutes })
      await services.evidence.recordStop(id(), carrierUserId, {
        stop: stop.stop,
        arrivedAt,
        departedAt,
      })
      if (stop.stayMinutes > 120)
        await services.evidence.addDetention(id(), carrierUserId, stop.stop)
    }
    for (const charge of plan.accessorials ?? []) {
      await services.evidence.addCharge(id(), carrierUserId, charge)
    }
    const draft = await services.invoices.draft(id(), carrierUserId)
    if (plan.invoice === 'issued') await services.invoices.issue(draft.id, 'carrier')
  })
  const invoiceId = async () => (await services.invoices.forBooking(id()))[0].id
  if (plan.decision && start.plus({ hours: 5 }) <= t.now) {
    const decision = plan.decision
    t.at(start.plus({ hours: 5 }), `${who.shipper} answers the invoice of ${name}`, async () => {
      const invoice = (await services.invoices.forBooking(id()))[0]
      // The audit decides whether there is anything to answer.
      if (!invoice.flagged) return
      await services.invoices.decide(
        invoice.id,
        decision.decision,
        decision.decision === 'DISPUTED' ? decision.reason : null
      )
    })
  }
  if (plan.paid && start.plus({ days: 2 }) <= t.now) {
    t.at(start.plus({ days: 2 }), `an admin pays the invoice of ${name}`, async () =>
      services.invoices.pay(await invoiceId())
    )
  }
}
