/*
 * The demo's drayage (decisions 0120-0123): the terminal list, and moves of two shippers in
 * every state, run through the drayage services at their moments: one long complete (with
 * demurrage and per diem), one out of the terminal, one accepted with a confirmed pickup window
 * and its last free day tomorrow (the complete one invoiced for its line haul, demurrage and per diem), one accruing demurrage, one waiting for a carrier. The last
 * step is the daily `drayage:charges` run, so totals and the free-time alerts are today's.
 * Each goes from its terminal to a plausible inland warehouse, priced by the line-haul tariff
 * (decision 0187): Long Beach to Ontario CA, Savannah to Atlanta, Port Newark to Edison NJ.
 */
import app from '@adonisjs/core/services/app'
import type { DateTime } from 'luxon'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import AppointmentService from '#logistics/services/appointment_service'
import TerminalService from '#logistics/services/terminal_service'
import DrayageInvoiceService from '#finance/services/drayage_invoice_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import DrayageDailyRun from '#logistics/services/drayage_daily_run'
import type { Timeline } from './timeline.js'
import type { DemoState } from './context.js'
import { TERMINALS } from '../../data/terminals.js'
import { businessDayOf } from '#logistics/services/drayage_charges'

type MovePlan = {
  shipper: string
  carrier: string | null
  containerNo: string
  terminalCode: string
  /** where the container goes: an inland warehouse or distribution centre near the terminal */
  deliveryAddress: string
  /** days before today the container became available */
  availableDaysAgo: number
  /** what happened, in days before today (fractions are hours) */
  acceptedDaysAgo?: number
  pickupWindowDaysAgo?: number
  gateOutDaysAgo?: number
  emptyReturnDaysAgo?: number
  /** the carrier drafts and issues the move's invoice (decision 0146) */
  invoiceDaysAgo?: number
}

const MOVES: MovePlan[] = [
  {
    shipper: 'shipper@palletline.test',
    carrier: 'carrier@palletline.test',
    containerNo: 'MSKU9070323',
    terminalCode: 'LBCT',
    deliveryAddress: '4100 E Mission Blvd, Ontario, CA 91761',
    availableDaysAgo: 14,
    acceptedDaysAgo: 13.8,
    pickupWindowDaysAgo: 10,
    gateOutDaysAgo: 9.9,
    emptyReturnDaysAgo: 4,
    invoiceDaysAgo: 3,
  },
  {
    shipper: 'shipper@palletline.test',
    carrier: 'carrier@palletline.test',
    containerNo: 'TGHU8789572',
    terminalCode: 'GCT',
    deliveryAddress: '3000 Camp Creek Pkwy, Atlanta, GA 30344',
    availableDaysAgo: 3,
    acceptedDaysAgo: 2.9,
    pickupWindowDaysAgo: 1,
    gateOutDaysAgo: 0.9,
  },
  {
    shipper: 'shipper@palletline.test',
    carrier: 'carrier2@palletline.test',
    containerNo: 'MAEU1234567',
    terminalCode: 'BNSFLPC',
    deliveryAddress: '1200 Remington Blvd, Bolingbrook, IL 60440',
    availableDaysAgo: 1,
    acceptedDaysAgo: 0.8,
  },
  {
    shipper: 'shipper2@palletline.test',
    carrier: 'carrier2@palletline.test',
    containerNo: 'OOLU1800330',
    terminalCode: 'APMLA',
    deliveryAddress: '5600 Sheila St, Commerce, CA 90040',
    availableDaysAgo: 6,
    acceptedDaysAgo: 5.5,
  },
  {
    shipper: 'shipper@palletline.test',
    carrier: null,
    containerNo: 'CSQU3054383',
    terminalCode: 'PNCT',
    deliveryAddress: '100 Distribution Blvd, Edison, NJ 08817',
    availableDaysAgo: 0,
  },
]

const make = async <T>(service: abstract new (...args: any[]) => T) =>
  app.container.make(service as any) as Promise<T>

export function planDrayage(t: Timeline, state: DemoState) {
  const ago = (days: number) => t.now.minus({ hours: Math.round(days * 24) })
  t.at(ago(30), 'the terminal list is complete', async () => {
    const terminals = await make(TerminalService)
    for (const seed of TERMINALS) {
      if (await terminals.findByCode(seed.code)) continue
      await terminals.create({
        code: seed.code,
        name: seed.name,
        unLocode: seed.un_locode,
        address: seed.address,
        kind: seed.kind,
        demurrageTiers: seed.demurrage_tiers ? JSON.parse(seed.demurrage_tiers) : [],
        perDiemTiers: seed.per_diem_tiers ? JSON.parse(seed.per_diem_tiers) : [],
      })
    }
  })
  const ids = new Map<string, number>()
  for (const plan of MOVES) {
    const created = ago(plan.availableDaysAgo + 0.2)
    t.at(created, `${plan.shipper} requests drayage of ${plan.containerNo}`, async () => {
      const move = await (
        await make(DrayageMoveService)
      ).create(state.userId(plan.shipper), {
        containerNo: plan.containerNo,
        terminalCode: plan.terminalCode,
        availableOn: businessDayOf(ago(plan.availableDaysAgo))!,
        deliveryAddress: plan.deliveryAddress,
      })
      ids.set(plan.containerNo, move.id)
    })
    if (!plan.carrier || plan.acceptedDaysAgo === undefined) continue
    const carrier = plan.carrier
    const id = () => ids.get(plan.containerNo)!
    t.at(ago(plan.acceptedDaysAgo), `${carrier} accepts ${plan.containerNo}`, async () =>
      (await make(DrayageMoveService)).accept(state.userId(carrier), id())
    )
    if (plan.pickupWindowDaysAgo !== undefined) {
      planPickup(
        t,
        ago(plan.acceptedDaysAgo).plus({ minutes: 30 }),
        ago(plan.pickupWindowDaysAgo),
        id
      )
    }
    if (plan.gateOutDaysAgo !== undefined) {
      t.at(ago(plan.gateOutDaysAgo), `${plan.containerNo} leaves the terminal`, async () =>
        (await make(DrayageMoveService)).gateOut(id())
      )
    }
    if (plan.emptyReturnDaysAgo !== undefined) {
      t.at(ago(plan.emptyReturnDaysAgo), `the empty ${plan.containerNo} is returned`, async () =>
        (await make(DrayageMoveService)).emptyReturn(id())
      )
    }
    if (plan.invoiceDaysAgo !== undefined) {
      t.at(ago(plan.invoiceDaysAgo), `${carrier} invoices ${plan.containerNo}`, async () => {
        const draft = await (
          await make(DrayageInvoiceService)
        ).draft(id(), state.userId(carrier), null)
        await (await make(AdvancedInvoiceService)).issue(draft.id, 'carrier')
      })
    }
  }
  t.at(t.now.minus({ minutes: 10 }), 'drayage:charges runs', async () =>
    (await make(DrayageDailyRun)).run()
  )
}

/** A pickup window requested after acceptance, confirmed, and completed once it has started. */
function planPickup(t: Timeline, requestedAt: DateTime, windowStart: DateTime, id: () => number) {
  let appointmentId = 0
  t.at(requestedAt, 'a pickup window is requested', async () => {
    const appointment = await (
      await make(AppointmentService)
    ).request(id(), {
      kind: 'PICKUP',
      windowStart: windowStart.toUTC().toISO()!,
      windowEnd: windowStart.plus({ hours: 2 }).toUTC().toISO()!,
    })
    appointmentId = appointment.id
  })
  t.at(requestedAt.plus({ hours: 2 }), 'the terminal confirms the window', async () =>
    (await make(AppointmentService)).transition(appointmentId, {
      status: 'CONFIRMED',
      confirmationNumber: `APPT-${String(id()).padStart(5, '0')}`,
    })
  )
  if (windowStart.plus({ minutes: 30 }) <= t.now) {
    t.at(windowStart.plus({ minutes: 30 }), 'the pickup window is kept', async () =>
      (await make(AppointmentService)).transition(appointmentId, { status: 'COMPLETED' })
    )
  }
}
