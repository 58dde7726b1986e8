import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib'
import type { BookingDocumentFacts } from '#marketplace/services/booking_documents_service'
import type { CarrierIdentity } from '#payments/services/identity_reveal_service'
import { DateTime } from 'luxon'
import { formatUsd, toCents } from '#core/money'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { hazmatLine } from '#core/freight_details'

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
  /** what the delivery recorded beside it (an exception at the delivery, decision 0243) */
  notes?: string[]
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

  /** Points left above the bottom margin. */
  get room() {
    return this.y - MARGIN
  }

  /** Carries on at the top of a fresh page. */
  turn(page: PDFPage) {
    this.page = page
    this.y = PAGE[1] - MARGIN
  }

  /** An image whose top is at the current line, `x` points from the margin. */
  image(image: PDFImage, width: number, height: number, x = 0) {
    this.page.drawImage(image, { x: MARGIN + x, y: this.y - height, width, height })
  }

  /** Moves the current line down. */
  down(points: number) {
    this.y -= points
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

/** "4 pallets", "1 crate": the handling units and how they are packed. */
function handlingUnits(count: number, packaging: string | null): string {
  const kind = (packaging ?? 'PALLET').toLowerCase()
  return `${count} ${count === 1 ? kind : kind.endsWith('x') ? `${kind}es` : `${kind}s`}`
}

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
  const freight = b.freight
  s.heading('Consignee')
  // The consignee the shipper named on the load; else the receiver writes it at the dock.
  s.rowOrBlank('Name', freight?.consignee)
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
  s.row('Handling units', handlingUnits(b.pallets, freight?.packaging ?? null))
  s.rowOrBlank('Pieces', freight?.pieces)
  s.rowOrBlank('Commodity', freight?.commodity)
  // The class the server computed from the weight and the handling units' size (decision 0228).
  s.rowOrBlank(
    'Freight class (NMFC)',
    freight ? `${freight.freightClass} (density ${freight.densityPcf} lb/cu ft)` : null
  )
  if (freight) s.row('Hazardous materials', hazmatLine(freight.hazmat))
  else s.blank('Hazardous materials')
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
  if (content.notes?.length) {
    s.heading('Delivery notes')
    for (const note of content.notes) s.paragraph(note, 10)
  }
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

/** What a rate confirmation prints beyond the booking (docs/decisions/0226), amounts in cents. */
export type RateConfirmationContent = {
  number: string
  /** the moment it was issued (ISO) */
  issuedAt: string
  booking: BookingDocumentFacts
  shipper: { name: string; email: string | null; phone: string | null }
  /** the carrier company (issued only once paid, so always named); a partner's name otherwise */
  carrier: CarrierIdentity | { partner: string }
  equipment: string | null
  lineHaulCents: number
  accessorials: { code: string; description: string; amountCents: number }[]
  /** the carrier's pay on the line haul (the payout split); null on a partner booking */
  pay: { payoutCents: number; quickPayFeeCents: number; quickPayFeePercent: number } | null
  /** hours after delivery the payout is released unless the shipper completes it sooner */
  payoutHours: number
  termsVersion: string | null
  /** a revision (docs/decisions/0250): what it supersedes and why */
  revision?: { supersedes: string; reason: string } | null
}

/**
 * A rate confirmation, one page, US Letter: both companies, the load (its declared freight,
 * class and hazmat line included), the pickup and delivery windows, equipment, the agreed line
 * haul and accessorials, the carrier's pay and payment terms, the platform's terms reference,
 * and where the carrier accepts (docs/decisions/0226, 0257).
 */
export async function renderRateConfirmation(
  content: RateConfirmationContent
): Promise<Uint8Array> {
  const { booking: b } = content
  const { pdf, sheet: s } = await sheet(`Rate Confirmation ${content.number}`, b.reference)
  s.title('Rate Confirmation')
  s.row('Confirmation', content.number)
  s.row('Booking', b.reference)
  if (b.proNumber) s.row('PRO number', b.proNumber)
  s.row('Issued', printedIssueDay(content.issuedAt))
  if (content.revision) {
    s.row('Supersedes', content.revision.supersedes)
    s.row('Revised because', content.revision.reason)
  }
  s.heading('Shipper')
  s.row('Name', content.shipper.name)
  s.row('Contact', [content.shipper.email, content.shipper.phone].filter(Boolean).join(' / '))
  s.heading('Carrier')
  if ('partner' in content.carrier) {
    s.row('Partner carrier', content.carrier.partner)
  } else {
    s.row('Company', content.carrier.companyName)
    s.row('DOT / MC', [content.carrier.dotNumber, content.carrier.mcNumber].join(' / '))
    s.row('Contact', [content.carrier.contactName, content.carrier.phone].join(' / '))
  }
  s.heading('Load')
  s.lines('Pickup at', addressLines(b.pickup))
  s.row('Pickup date', printedDay(b.pickupDate))
  s.row(
    'Pickup window',
    b.pickupWindow.start
      ? `${printedMoment(b.pickupWindow.start)} to ${printedMoment(b.pickupWindow.end) ?? 'open'}`
      : 'Any time on the pickup date'
  )
  s.lines('Deliver to', addressLines(b.delivery))
  s.row('Delivery date', printedDay(b.deliveryDate))
  s.row('Equipment', content.equipment)
  const freight = b.freight
  s.row('Handling units', handlingUnits(b.pallets, freight?.packaging ?? null))
  // The declared freight, as the bill of lading prints it (docs/decisions/0228, 0257).
  if (freight) {
    s.row('Consignee', freight.consignee)
    s.row('Commodity', freight.commodity)
    s.row('Pieces', freight.pieces)
    s.row(
      'Freight class (NMFC)',
      `${freight.freightClass} (density ${freight.densityPcf} lb/cu ft)`
    )
    s.row('Hazardous materials', hazmatLine(freight.hazmat))
  }
  s.row('Weight', b.weightLbs === null ? null : pounds(b.weightLbs))
  s.row('Distance', b.distanceMiles === null ? null : `${b.distanceMiles} mi`)
  s.row('Special instructions', b.specialInstructions)
  s.heading('Rate (USD)')
  s.row('Line haul (all in)', formatUsd(content.lineHaulCents))
  if (content.accessorials.length === 0) s.row('Accessorials', 'None agreed')
  for (const line of content.accessorials) {
    s.row(`Accessorial ${line.code}`, `${line.description}: ${formatUsd(line.amountCents)}`)
  }
  if (content.accessorials.length) {
    s.paragraph(
      'Accessorials are billed on the carrier invoice with their evidence, on top of the line haul.'
    )
  }
  s.heading('Carrier pay and payment terms')
  if (content.pay) {
    s.row('Carrier pay', formatUsd(content.pay.payoutCents))
    s.row(
      'Payment terms',
      `Paid ${content.payoutHours} h after delivery, or when the shipper completes the booking`
    )
    s.row(
      'Quick pay',
      `Available once delivered: ${formatUsd(content.pay.payoutCents - content.pay.quickPayFeeCents)} at once, fee ${formatUsd(content.pay.quickPayFeeCents)} (${content.pay.quickPayFeePercent}%)`
    )
  } else {
    s.row('Carrier pay', 'Settled with the partner carrier under its own terms')
  }
  s.heading('Terms')
  s.row('Platform terms', content.termsVersion ? `PalletLine terms ${content.termsVersion}` : null)
  s.paragraph(
    'The line haul is held in escrow from payment until delivery. The carrier confirms this rate and these terms by accepting this confirmation in PalletLine; the pickup cannot be reported before it is accepted.'
  )
  return pdf.save()
}

/** One driver's step as the proof of delivery prints it (decision 0243). */
export type PodStep = {
  label: string
  /** the server's record of it, ISO */
  recordedAt: string
  /** the phone's own clock as it reported it, when it differs */
  reportedAt: string | null
  position: { lat: number; lng: number; accuracyM: number | null } | null
  details: string[]
}

export type ProofOfDeliveryContent = {
  /** the booking, or another subject the driver delivered (an expedited job, decision 0263) */
  booking: Pick<BookingDocumentFacts, 'reference' | 'pickup' | 'delivery' | 'pallets'>
  /** what the reference is printed as: "Booking" unless told */
  subjectLabel?: string
  consigneeName: string
  /** PNG bytes of the signature drawn on the phone */
  signature: Uint8Array
  steps: PodStep[]
  /** shortage, damage or refused, with the driver's note */
  exceptions: { kind: string; note: string }[]
  /** JPEG or PNG bytes, printed as thumbnails */
  photos: { bytes: Uint8Array; mimeType: string }[]
}

const THUMB = 120
const THUMB_GAP = 10

/** "41.88100, -87.62300 (within 12 m)" */
const printedPosition = (position: PodStep['position']) =>
  position
    ? `${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}${
        position.accuracyM === null ? '' : ` (within ${Math.round(position.accuracyM)} m)`
      }`
    : 'not shared'

/**
 * The signed proof of delivery of a booking, from the driver's phone (docs/decisions/0243): the
 * consignee's name and signature, each step's time in business time and position, exceptions,
 * and the photos as thumbnails. Names no carrier (the shipper reads it, decision 0157).
 */
export async function renderProofOfDelivery(content: ProofOfDeliveryContent): Promise<Uint8Array> {
  const { booking: b } = content
  const { pdf, sheet: s } = await sheet(`Proof of Delivery ${b.reference}`, b.reference)
  s.title('Proof of Delivery')
  s.row(content.subjectLabel ?? 'Booking', b.reference)
  s.row('From', place(b.pickup))
  s.row('To', place(b.delivery))
  s.row('Pallets', b.pallets)
  s.heading('Received by')
  s.row('Consignee', content.consigneeName)
  const signature = await pdf.embedPng(content.signature)
  const scale = Math.min(240 / signature.width, 80 / signature.height, 1)
  s.down(4)
  s.image(signature, signature.width * scale, signature.height * scale, 150)
  s.down(signature.height * scale + 6)
  s.row('', "Signature of the consignee, drawn on the driver's phone")
  s.heading('Steps')
  for (const step of content.steps) {
    s.row(step.label, printedMoment(step.recordedAt))
    if (step.reportedAt && step.reportedAt !== step.recordedAt) {
      s.row('', `Phone's clock: ${printedMoment(step.reportedAt)}`)
    }
    s.row('', `Position: ${printedPosition(step.position)}`)
    for (const detail of step.details) s.row('', detail)
  }
  if (content.exceptions.length > 0) {
    s.heading('Exceptions at delivery')
    for (const exception of content.exceptions) {
      s.paragraph(`${exception.kind.toUpperCase()}: ${exception.note}`, 10)
    }
  }
  if (content.photos.length > 0) {
    if (s.room < THUMB + 40) s.turn(pdf.addPage(PAGE))
    s.heading(`Photos (${content.photos.length})`)
    const perRow = Math.floor((PAGE[0] - 2 * MARGIN + THUMB_GAP) / (THUMB + THUMB_GAP))
    for (let i = 0; i < content.photos.length; i += perRow) {
      if (s.room < THUMB) s.turn(pdf.addPage(PAGE))
      const row = content.photos.slice(i, i + perRow)
      for (const [j, photo] of row.entries()) {
        // A photo pdf-lib cannot read is left out of the sheet rather than failing the proof.
        const image = await (
          photo.mimeType === 'image/png' ? pdf.embedPng(photo.bytes) : pdf.embedJpg(photo.bytes)
        ).catch(() => null)
        if (!image) continue
        const fit = Math.min(THUMB / image.width, THUMB / image.height)
        s.image(image, image.width * fit, image.height * fit, j * (THUMB + THUMB_GAP))
      }
      s.down(THUMB + THUMB_GAP)
    }
  }
  return pdf.save()
}
