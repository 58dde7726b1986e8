import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { BookingDocumentFacts } from '#marketplace/services/booking_documents_service'
import type { CarrierIdentity } from '#payments/services/identity_reveal_service'
import { formatUsd, toCents } from '#core/money'

/** What a bill of lading prints beyond the booking itself. */
export type BolContent = {
  bolNumber: string
  issuedAt: string
  booking: BookingDocumentFacts
  shipper: { name: string; email: string | null; phone: string | null }
  /** the carrier, named only once the booking is paid (SPEC point 1); else its anonymous label */
  carrier: CarrierIdentity | null
}

/** What an itemised invoice is for: a booking or a drayage move, and its service rows. */
export type InvoiceSubject = {
  label: string
  reference: string
  service: [string, string | number | null][]
}

/** A multi-line freight invoice (finance's advanced invoices), amounts in cents. */
export type ItemisedInvoiceContent = {
  number: string
  status: string
  issuedAt: string | null
  subject: InvoiceSubject
  billTo: { name: string; email: string | null }
  lines: { description: string; quantity: number; unitCents: number; amountCents: number }[]
  totalCents: number
  notes: string[]
}

export type InvoiceContent = {
  invoiceNumber: string
  /** the business day it was issued, `YYYY-MM-DD` */
  issueDate: string
  dueDate: string | null
  status: string
  amount: number
  booking: BookingDocumentFacts
  shipper: { name: string; email: string | null }
}

const PAGE: [number, number] = [612, 792] // US Letter, points
const MARGIN = 50

/** Standard fonts are WinAnsi: drop what they cannot encode rather than fail the document. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')

class Sheet {
  private y = PAGE[1] - MARGIN
  constructor(
    private page: PDFPage,
    private regular: PDFFont,
    private bold: PDFFont
  ) {}

  title(text: string) {
    this.page.drawText(printable(text), { x: MARGIN, y: this.y, size: 20, font: this.bold })
    this.y -= 30
  }

  heading(text: string) {
    this.y -= 8
    this.page.drawText(printable(text), { x: MARGIN, y: this.y, size: 12, font: this.bold })
    this.y -= 4
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    })
    this.y -= 16
  }

  row(label: string, value: string | number | null | undefined) {
    const shown = value === null || value === undefined || value === '' ? '-' : String(value)
    this.page.drawText(printable(label), { x: MARGIN, y: this.y, size: 10, font: this.bold })
    this.page.drawText(printable(shown).slice(0, 90), {
      x: MARGIN + 150,
      y: this.y,
      size: 10,
      font: this.regular,
    })
    this.y -= 15
  }

  /** One table row: cells at the given x offsets from the margin, right-aligned from `rightFrom`. */
  cells(values: string[], offsets: number[], options: { bold?: boolean; rightFrom?: number } = {}) {
    const font = options.bold ? this.bold : this.regular
    values.forEach((value, i) => {
      const text = printable(value).slice(0, i === 0 ? 48 : 40)
      const right = options.rightFrom !== undefined && i >= options.rightFrom
      const x = right ? MARGIN + offsets[i] - font.widthOfTextAtSize(text, 10) : MARGIN + offsets[i]
      this.page.drawText(text, { x, y: this.y, size: 10, font })
    })
    this.y -= 15
  }
}

async function sheet(title: string, subject: string) {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setSubject(subject)
  pdf.setProducer('PalletLine')
  pdf.setCreator('PalletLine')
  const page = pdf.addPage(PAGE)
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  return { pdf, sheet: new Sheet(page, regular, bold) }
}

export const place = (stop: BookingDocumentFacts['pickup']) =>
  [stop.address, [stop.city, stop.state].filter(Boolean).join(', '), stop.zip]
    .filter(Boolean)
    .join(' ')

/** A straight bill of lading, one page, US Letter. */
export async function renderBillOfLading(content: BolContent): Promise<Uint8Array> {
  const { booking: b } = content
  const { pdf, sheet: s } = await sheet(`Bill of Lading ${content.bolNumber}`, b.reference)
  s.title('Straight Bill of Lading')
  s.row('BOL number', content.bolNumber)
  s.row('Reference', b.reference)
  s.row('PRO number', b.proNumber)
  s.row('Issued', content.issuedAt)
  s.heading('Shipper (consignor)')
  s.row('Name', content.shipper.name)
  s.row('Contact', [content.shipper.email, content.shipper.phone].filter(Boolean).join(' / '))
  s.row('Pickup at', place(b.pickup))
  s.heading('Consignee')
  s.row('Deliver to', place(b.delivery))
  s.heading('Carrier')
  if (content.carrier) {
    s.row('Company', content.carrier.companyName)
    s.row('DOT / MC', [content.carrier.dotNumber, content.carrier.mcNumber].join(' / '))
    s.row('Contact', [content.carrier.contactName, content.carrier.phone].join(' / '))
  } else {
    s.row('Company', 'Revealed once the booking is paid')
  }
  s.heading('Shipment')
  s.row(
    'Lane',
    `${b.pickup.city ?? '?'}, ${b.pickup.state ?? '?'} to ${b.delivery.city ?? '?'}, ${b.delivery.state ?? '?'}`
  )
  s.row('Handling units', `${b.pallets} pallet(s)`)
  s.row('Weight', b.weightLbs === null ? 'Not declared' : `${b.weightLbs} lbs`)
  s.row('Distance', b.distanceMiles === null ? null : `${b.distanceMiles} mi`)
  s.row('Pickup date', b.pickupDate)
  s.row('Delivery date', b.deliveryDate)
  s.row('Instructions', b.specialInstructions)
  if (b.vetting) printVetting(s, b.vetting)
  return pdf.save()
}

/** Short names of the vetting checks, to fit the BOL's label column. */
const CHECK_NAMES: Record<string, string> = {
  dot_allowed: 'USDOT status',
  authority_age: 'Authority age',
  liability_insurance: 'Liability cover',
  out_of_service: 'Out of service',
  mcs150: 'MCS-150',
  contact_match: 'Contact match',
  insurance_certificate: 'Certificate',
}

/** The carrier's vetting as it stood at booking (docs/decisions/0091). */
function printVetting(s: Sheet, vetting: NonNullable<BookingDocumentFacts['vetting']>) {
  s.heading('Carrier vetting at booking')
  s.row('Checked', `${vetting.checkedAt} (${vetting.driver}): ${vetting.result.toUpperCase()}`)
  for (const check of vetting.checks) {
    s.row(CHECK_NAMES[check.key] ?? check.key, `${check.result.toUpperCase()}: ${check.reason}`)
  }
}

/** The invoice of a delivered booking, one page, amounts in US dollars. */
export async function renderInvoice(content: InvoiceContent): Promise<Uint8Array> {
  const { booking: b } = content
  const { pdf, sheet: s } = await sheet(`Invoice ${content.invoiceNumber}`, b.reference)
  s.title('Invoice')
  s.row('Invoice number', content.invoiceNumber)
  s.row('Booking', b.reference)
  s.row('Issued', content.issueDate)
  s.row('Due', content.dueDate)
  s.row('Status', content.status)
  s.heading('Bill to')
  s.row('Name', content.shipper.name)
  s.row('Email', content.shipper.email)
  s.heading('Service')
  s.row('Lane', `${place(b.pickup)} to ${place(b.delivery)}`)
  s.row('Pallets', b.pallets)
  s.row('Distance', b.distanceMiles === null ? null : `${b.distanceMiles} mi`)
  s.row('Delivered', b.deliveryDate)
  s.heading('Amount')
  s.row('Total (USD)', formatUsd(toCents(content.amount)))
  return pdf.save()
}

const LINE_COLUMNS = [0, 330, 410, 512]

/** An itemised freight invoice: the lines, their total and the notes (audit, evidence). */
export async function renderItemisedInvoice(content: ItemisedInvoiceContent): Promise<Uint8Array> {
  const { subject } = content
  const { pdf, sheet: s } = await sheet(`Invoice ${content.number}`, subject.reference)
  s.title('Freight invoice')
  s.row('Invoice number', content.number)
  s.row(subject.label, subject.reference)
  s.row('Issued', content.issuedAt)
  s.row('Status', content.status)
  s.heading('Bill to')
  s.row('Name', content.billTo.name)
  s.row('Email', content.billTo.email)
  s.heading('Service')
  for (const [label, value] of subject.service) s.row(label, value)
  s.heading('Charges (USD)')
  s.cells(['Description', 'Quantity', 'Unit', 'Amount'], LINE_COLUMNS, { bold: true, rightFrom: 1 })
  for (const line of content.lines) {
    s.cells(
      [
        line.description,
        String(line.quantity),
        formatUsd(line.unitCents),
        formatUsd(line.amountCents),
      ],
      LINE_COLUMNS,
      { rightFrom: 1 }
    )
  }
  s.cells(['Total', '', '', formatUsd(content.totalCents)], LINE_COLUMNS, {
    bold: true,
    rightFrom: 1,
  })
  if (content.notes.length) {
    s.heading('Notes')
    for (const note of content.notes) s.row('', note)
  }
  return pdf.save()
}
