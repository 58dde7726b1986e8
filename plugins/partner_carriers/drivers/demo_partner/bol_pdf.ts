/**
 * A one-page PDF with a title and lines of text, written by hand: enough for a bill of lading
 * a browser opens and prints, without a PDF library. Text is Helvetica, so ASCII only.
 */

import type { DemoBookRequestJson, DemoShipmentJson } from './mapper.js'

const PAGE = { width: 612, height: 792, margin: 50 }

/** PDF string literals escape backslash and parentheses; other characters outside ASCII go. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
}

export function renderPdf(title: string, lines: string[]): Uint8Array {
  const top = PAGE.height - PAGE.margin
  const content = [
    `BT /F2 16 Tf ${PAGE.margin} ${top} Td (${pdfText(title)}) Tj ET`,
    `BT /F1 11 Tf 16 TL ${PAGE.margin} ${top - 32} Td`,
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${pdfText(line)}) Tj`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  // ASCII only, so string lengths are the byte offsets the cross-reference table needs.
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(pdf.length)
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(pdf, 'latin1'))
}

/** The demo partner's bill of lading: what a carrier prints on a straight BOL. */
export function demoBol(request: DemoBookRequestJson, shipment: DemoShipmentJson) {
  const place = (l: DemoBookRequestJson['pickup']['location']) =>
    `${l.city}, ${l.region} ${l.postal_code}`
  const unit = request.handling_units[0]
  const number = `DPB${shipment.pro_number}`
  const pdf = renderPdf('Straight Bill of Lading - Not Negotiable', [
    `BOL number: ${number}`,
    `PRO number: ${shipment.pro_number}`,
    'Carrier: Demo Partner Freight (simulated)',
    `Shipper reference: ${request.customer_reference}`,
    `Ship from: ${place(request.pickup.location)}`,
    `Ship to: ${place(request.delivery.location)}`,
    `Pickup: ${request.pickup.date}, confirmation ${shipment.pickup.confirmation_number}`,
    `Service: ${request.service}`,
    `Handling units: ${unit.quantity} pallet(s), ${unit.total_weight.value} lb`,
  ])
  return { number, pdf }
}
