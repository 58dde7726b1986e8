import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import type { BookingDocumentFacts } from '#marketplace/services/booking_documents_service'
import type { CarrierIdentity } from '#payments/services/identity_reveal_service'
import { DateTime } from 'luxon'
import { formatUsd, toCents } from '#core/money'
import { BUSINESS_TIME_ZONE } from '#core/business_time'

/** What a bill of lading prints beyond the booking itself. */
export type BolContent = {
  bolNumber: string
  /** the moment it was issued (ISO); printed as its business day, "27 Nov 2026" */
  issuedAt: string
  booking: BookingDocumentFacts
  shipper: { name: string; email: string | null; phone: string | null }
  /** the carrier, named only once paid for (docs/spec.md §1); else its anonymous label */
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
    if (label) {
      this.page.drawText(printable(label), { x: MARGIN, y: this.y, size: 10, font: this.bold })
    }
    this.page.drawText(printable(shown).slice(0, 90), {
      x: MARGIN + 150,
      y: this.y,
      size: 10,
      font: this.regular,
    })
    this.y -= 15
  }

  /** A label and a blank rule to fill in by hand (a value the data does not have). */
  blank(label: string) {
    this.page.drawText(printable(label), { x: MARGIN, y: this.y, size: 10, font: this.bold })
    this.rule(MARGIN + 150, PAGE[0] - MARGIN, this.y - 2)
    this.y -= 18
  }

  /** A row whose value may be missing: the value when there is one, else a line to fill in. */
  rowOrBlank(label: string, value: string | number | null | undefined) {
    if (value === null || value === undefined || value === '') this.blank(label)
    else this.row(label, value)
  }

  /** Lines of an address block under one label. */
  lines(label: string, values: string[]) {
    values.forEach((value, i) => this.row(i === 0 ? label : '', value))
  }

  /** A party's signature and date lines, side by side. */
  signature(party: string) {
    this.y -= 18
    this.rule(MARGIN, MARGIN + 300, this.y)
    this.rule(MARGIN + 340, PAGE[0] - MARGIN, this.y)
    this.y -= 11
    const label = { size: 8, font: this.regular, color: rgb(0.3, 0.3, 0.3) }
    this.page.drawText(printable(`${party} signature`), { x: MARGIN, y: this.y, ...label })
    this.page.drawText('Date', { x: MARGIN + 340, y: this.y, ...label })
    this.y -= 8
  }

  private rule(from: number, to: number, y: number) {
    this.page.drawLine({
      start: { x: from, y },
      end: { x: to, y },
      thickness: 0.5,
      color: rgb(0.2, 0.2, 0.2),
    })
  }

  /** Free text under the rows, wrapped to the page's width. */
  paragraph(text: string, size = 8) {
    const words = printable(text).split(' ')
    let line = ''
    const width = PAGE[0] - 2 * MARGIN
    for (const word of words) {
      const next = line ? `${line} ${word}` : word
      if (this.regular.widthOfTextAtSize(next, size) > width && line) {
        this.page.drawText(line, { x: MARGIN, y: this.y, size, font: this.regular })
        this.y -= size + 3
        line = word
      } else line = next
    }
    if (line) this.page.drawText(line, { x: MARGIN, y: this.y, size, font: this.regular })
    this.y -= size + 6
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

type Stop = BookingDocumentFacts['pickup']

/** "Chicago, IL 60601" from the stop's city, state and ZIP. */
const cityLine = (stop: Stop) =>
  [[stop.city, stop.state].filter(Boolean).join(', '), stop.zip].filter(Boolean).join(' ')

/**
 * A stop as an address block, each part once: the street address, then the city line unless
 * the address already holds it (a booking made from a ZIP stores "Chicago, IL 60601" as its
 * address).
 */
export function addressLines(stop: Stop): string[] {
  const address = stop.address?.trim() || null
  const city = cityLine(stop)
  if (!address) return city ? [city] : []
  const holds = (part: string | null) => !part || address.toLowerCase().includes(part.toLowerCase())
  if (holds(stop.city) && holds(stop.zip)) return [address]
  return city ? [address, city] : [address]
}

/** A stop on one line: "100 W Randolph St, Chicago, IL 60601", or "Chicago, IL 60601". */
export const place = (stop: Stop) => addressLines(stop).join(', ')

/** A day as people read it: "27 Nov 2026" (a `YYYY-MM-DD` day is printed as that day). */
export function printedDay(day: string | null): string | null {
  if (!day) return null
  const parsed = DateTime.fromISO(day, { zone: 'utc' })
  return parsed.isValid ? parsed.setLocale('en-US').toFormat('d LLL yyyy') : day
}

/** A moment as its business day and time: "20 Nov 2026, 10:00 ET". */
export function printedMoment(at: string | null): string | null {
  if (!at) return null
  const parsed = DateTime.fromISO(at, { setZone: true })
  if (!parsed.isValid) return at
  return parsed.setZone(BUSINESS_TIME_ZONE).setLocale('en-US').toFormat("d LLL yyyy, HH:mm 'ET'")
}

/** A moment's business day: "27 Nov 2026". */
export function printedIssueDay(at: string): string {
  const parsed = DateTime.fromISO(at, { setZone: true })
  if (!parsed.isValid) return at
  return parsed.setZone(BUSINESS_TIME_ZONE).setLocale('en-US').toFormat('d LLL yyyy')
}

const pounds = (lbs: number) => `${new Intl.NumberFormat('en-US').format(lbs)} lb`

/**
 * A straight bill of lading, one page, US Letter: shipper, consignee, carrier, the freight
 * (pieces, commodity, class, weight, instructions: the booking's values, else lines to fill in
 * at the dock) and signature and date lines for shipper, carrier and consignee
 * (docs/decisions/0177). Before payment the carrier is only "revealed once paid" (decision 0157).
 */
export async function renderBillOfLading(content: BolContent): Promise<Uint8Array> {
  const { booking: b } = content
  const { pdf, sheet: s } = await sheet(`Bill of Lading ${content.bolNumber}`, b.reference)
  s.title('Straight Bill of Lading')
  s.row('BOL number', content.bolNumber)
  s.row('Reference', b.reference)
  if (b.proNumber) s.row('PRO number', b.proNumber)
  s.row('Issued', printedIssueDay(content.issuedAt))
  s.heading('Shipper (consignor)')
  s.row('Name', content.shipper.name)
  s.rowOrBlank(
    'Contact',
    [content.shipper.email, content.shipper.phone].filter(Boolean).join(' / ') || null
  )
  s.lines('Pickup at', addressLines(b.pickup))
  s.rowOrBlank('Pickup date', printedDay(b.pickupDate))
  s.heading('Consignee')
  // No consignee name is stored with a booking: the receiver writes it at the dock.
  s.blank('Name')
  s.lines('Deliver to', addressLines(b.delivery))
  s.rowOrBlank('Delivery date', printedDay(b.deliveryDate))
  s.heading('Carrier')
  if (content.carrier) {
    s.row('Company', content.carrier.companyName)
    s.row('DOT / MC', [content.carrier.dotNumber, content.carrier.mcNumber].join(' / '))
    s.row('Contact', [content.carrier.contactName, content.carrier.phone].join(' / '))
  } else {
    s.row('Company', 'Revealed once the booking is paid')
  }
  s.heading('Freight')
  s.row('Handling units', `${b.pallets} ${b.pallets === 1 ? 'pallet' : 'pallets'}`)
  s.blank('Pieces')
  s.blank('Commodity')
  s.blank('Freight class (NMFC)')
  s.rowOrBlank('Weight', b.weightLbs === null ? null : pounds(b.weightLbs))
  s.row('Distance', b.distanceMiles === null ? null : `${b.distanceMiles} mi`)
  s.rowOrBlank('Special instructions', b.specialInstructions)
  if (b.vetting) printVetting(s, b.vetting)
  s.heading('Signatures')
  s.paragraph(
    'Received, subject to the classifications and tariffs in effect on the date of issue, the property described above in apparent good order, except as noted.'
  )
  s.signature('Shipper')
  s.signature('Carrier')
  s.signature('Consignee')
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
  s.row(
    'Checked',
    `${printedMoment(vetting.checkedAt)} (${vetting.driver}): ${vetting.result.toUpperCase()}`
  )
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
  s.row('Issued', printedDay(content.issueDate))
  s.row('Due', printedDay(content.dueDate))
  s.row('Status', content.status)
  s.heading('Bill to')
  s.row('Name', content.shipper.name)
  s.row('Email', content.shipper.email)
  s.heading('Service')
  s.row('From', place(b.pickup))
  s.row('To', place(b.delivery))
  s.row('Pallets', b.pallets)
  s.row('Distance', b.distanceMiles === null ? null : `${b.distanceMiles} mi`)
  s.row('Delivered', printedDay(b.deliveryDate))
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
  s.row('Issued', content.issuedAt ? printedIssueDay(content.issuedAt) : 'Not issued yet')
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
