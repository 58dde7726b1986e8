/**
 * A one-page PDF with a title and lines of text (pdf-lib, as the app's own BOLs and invoices):
 * enough for a bill of lading a browser opens and prints. Text is Helvetica (WinAnsi).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { DemoBookRequestJson, DemoShipmentJson } from './mapper.js'

const PAGE = { width: 612, height: 792, margin: 50 }

/** The standard fonts are WinAnsi: a character they cannot encode prints as "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?')

export async function renderPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(printable(title))
  pdf.setProducer('PalletLine demo partner')
  const page = pdf.addPage([PAGE.width, PAGE.height])
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const top = PAGE.height - PAGE.margin
  page.drawText(printable(title), { x: PAGE.margin, y: top, size: 16, font: bold })
  lines.forEach((line, i) => {
    const y = top - 32 - i * 16
    page.drawText(printable(line), { x: PAGE.margin, y, size: 11, font: regular })
  })
  return pdf.save()
}

/** The demo partner's bill of lading: what a carrier prints on a straight BOL. */
export async function demoBol(request: DemoBookRequestJson, shipment: DemoShipmentJson) {
  const place = (l: DemoBookRequestJson['pickup']['location']) =>
    `${l.city}, ${l.region} ${l.postal_code}`
  const unit = request.handling_units[0]
  const number = `DPB${shipment.pro_number}`
  const pdf = await renderPdf('Straight Bill of Lading - Not Negotiable', [
    `BOL number: ${number}`,
    `PRO number: ${shipment.pro_number}`,
    'Carrier: Demo Partner Freight (simulated)',
    `Shipper reference: ${request.customer_reference}`,
    `Ship from: ${place(request.pickup.location)}`,
    `Ship to: ${place(request.delivery.location)}`,
    `Pickup: ${request.pickup.date}, confirmation ${shipment.pickup.confirmation_number}`,
    `Service: ${request.service}`,
    `Handling units: ${unit.quantity} pallet(s), ${unit.total_weight.value} lb`,
    ...freightLines(request),
  ])
  return { number, pdf }
}

/** The declared freight's lines: consignee, commodity, pieces, class and the hazmat entry. */
export function freightLines(request: Pick<DemoBookRequestJson, 'commodity' | 'consignee'>) {
  const c = request.commodity
  if (!c) return []
  return [
    `Consignee: ${request.consignee?.name ?? '____________________'}`,
    `Commodity: ${c.description ?? '____________________'}`,
    `Pieces: ${c.pieces ?? '____'} (${c.packaging.toLowerCase()})`,
    `Freight class (NMFC): ${c.nmfc_class}`,
    `Hazardous materials: ${
      c.hazardous ? `${c.hazardous.un_number}, hazard class ${c.hazardous.hazard_class}` : 'No'
    }`,
  ]
}
