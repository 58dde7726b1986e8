import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { fromCents, toCents } from '#core/money'
import { writeTransaction } from '#core/transactions'
import DrayageChargesService, {
  type ChargeLine,
  type DrayageMoveFacts,
} from '#logistics/services/drayage_charges'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import { FRESH, LIST_LIMIT } from '#finance/services/invoice_issuing'
import { invoiceView } from '#finance/services/invoice_presenter'
import { LINEHAUL, invoiceTotalCents, makeLine, type InvoiceLine } from '#finance/invoice_rules'
import type { InvoiceSubject } from '#tms/services/pdf_renderer'

export const MOVE_NOT_FOUND = 'Drayage move not found'
export const NOT_RETURNED = 'A drayage move is invoiced once its empty is returned'
export const MOVE_INVOICED = 'This drayage move already has an issued invoice'
export const NOTHING_TO_BILL = 'This move has no line haul, demurrage or per diem to bill'

/** The advisory lock class of one move's invoice writes (PostgreSQL's two-key form). */
const MOVE_LOCK_CLASS = 73_110_642

/** A demurrage or per-diem line as the carrier bills it: days at a daily rate, first to last day. */
export type BilledDays = {
  code: 'DEMURRAGE' | 'PER_DIEM'
  days: number
  unitPrice: number
  from: string
  to: string
}

const WORDS = { DEMURRAGE: 'Demurrage', PER_DIEM: 'Per diem' } as const

/** A drayage charge line as an invoice line: days as the quantity, its days as the evidence. */
export function drayageLine(line: Pick<ChargeLine, 'code' | 'days' | 'unitCents' | 'from' | 'to'>) {
  const days = `${line.days} day${line.days === 1 ? '' : 's'}`
  return makeLine(
    line.code,
    `${WORDS[line.code]}, ${days} from ${line.from} to ${line.to}`,
    line.days,
    line.unitCents,
    {
      note: `${days}, ${line.from} to ${line.to}`,
      documentId: null,
      stop: null,
      startedAt: null,
      endedAt: null,
    }
  )
}

/**
 * The move's line haul as an invoice line: the price fixed when the move was requested
 * (docs/decisions/0187), never typed; none on a move requested before drayage was priced.
 */
export function lineHaulLine(
  move: Pick<DrayageMoveFacts, 'lineHaulCents' | 'distanceMiles' | 'terminalCode'>
): InvoiceLine[] {
  if (move.lineHaulCents === null) return []
  const miles = move.distanceMiles === null ? '' : `, ${move.distanceMiles} mi`
  return [makeLine(LINEHAUL, `Line haul from ${move.terminalCode}${miles}`, 1, move.lineHaulCents)]
}

/**
 * Advanced invoices for completed drayage moves (docs/decisions/0146): the move's carrier bills
 * its line haul (the move's price, docs/decisions/0187) beside its demurrage and per diem,
 * computed by logistics from the move's dates unless the carrier gives its own day counts,
 * which the audit then checks against the recomputed charges.
 */
@inject()
export default class DrayageInvoiceService {
  constructor(
    private clock: Clock,
    private charges: DrayageChargesService
  ) {}

  async forMove(moveId: number, shipperView: boolean) {
    const query = AdvancedInvoice.query().where('drayageMoveId', moveId).preload('audits')
    if (shipperView) query.whereNot('status', 'DRAFT')
    const rows = await query.orderBy('id', 'desc').limit(LIST_LIMIT)
    return rows.map(invoiceView)
  }

  /** The move's carrier drafts (or refreshes) the one open invoice of its completed move. */
  async draft(moveId: number, userId: number, billed: BilledDays[] | null) {
    const move = await this.completed(moveId)
    const lines = billed
      ? [...lineHaulLine(move), ...billed.map(typedLine)]
      : await this.expectedLines(moveId)
    if (lines.length === 0) throw new ConflictException(NOTHING_TO_BILL)
    const id = await writeTransaction(async (trx) => {
      if (trx.dialect.name === 'postgres') {
        await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [MOVE_LOCK_CLASS, moveId])
      }
      const open = await AdvancedInvoice.query({ client: trx })
        .where('drayageMoveId', moveId)
        .whereNot('status', 'VOID')
        .first()
      if (open && open.status !== 'DRAFT') throw new ConflictException(MOVE_INVOICED)
      const invoice = open ?? new AdvancedInvoice()
      invoice.useTransaction(trx)
      invoice.merge({
        shipmentId: null,
        drayageMoveId: moveId,
        shipperId: move.shipperId,
        carrierId: move.carrierId,
        currency: 'USD',
        kind: 'DRAYAGE',
        items: lines,
        amount: fromCents(invoiceTotalCents(lines)),
        status: 'DRAFT',
        createdByUserId: userId,
      })
      if (!open) invoice.merge({ ...FRESH, createdAt: this.clock.now() })
      await invoice.save()
      return invoice.id
    })
    const invoice = await AdvancedInvoice.query().where('id', id).preload('audits').firstOrFail()
    return invoiceView(invoice)
  }

  /** What the rules give: the move's line haul and its recomputed demurrage and per-diem lines. */
  async expectedLines(moveId: number): Promise<InvoiceLine[]> {
    const move = await this.charges.facts(moveId)
    if (!move) throw new NotFoundException(MOVE_NOT_FOUND)
    return [...lineHaulLine(move), ...(await this.charges.chargeLines(moveId)).map(drayageLine)]
  }

  /** The move, which must be complete (its charges final) to be billed. */
  async completed(moveId: number): Promise<DrayageMoveFacts & { shipperId: number }> {
    const move = await this.charges.facts(moveId)
    if (!move || move.shipperId === null) throw new NotFoundException(MOVE_NOT_FOUND)
    if (move.status !== 'EMPTY_RETURNED') throw new ConflictException(NOT_RETURNED)
    return { ...move, shipperId: move.shipperId }
  }

  /** What the PDF prints about the move. */
  async subject(moveId: number): Promise<{ shipperId: number; subject: InvoiceSubject }> {
    const move = await this.completed(moveId)
    return {
      shipperId: move.shipperId,
      subject: {
        label: 'Drayage move',
        reference: move.reference,
        service: [
          ['Container', move.containerNo],
          ['Terminal', move.terminalCode],
          ['Delivered to', move.deliveryAddress],
          ['Distance', move.distanceMiles === null ? null : `${move.distanceMiles} road miles`],
          ['Gate-out', move.gateOut],
          ['Empty returned', move.emptyReturnedOn],
        ],
      },
    }
  }
}

function typedLine(line: BilledDays): InvoiceLine {
  return drayageLine({ ...line, unitCents: toCents(line.unitPrice) })
}
