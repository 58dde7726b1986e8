/*
 * The demo's vetting: each approved carrier uploads its certificate of insurance the day after
 * approval (registration already vetted it against the demo census), one pending carrier does
 * too, and the daily re-vetting runs today, so the approved carriers are verified and the
 * admin's pending list shows a passing, a warning and a failing vetting.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib'
import app from '@adonisjs/core/services/app'
import InsuranceService from '#trust/services/insurance_service'
import RevetService from '#trust/services/revet_service'
import { sniffUpload } from '#core/file_sniffing'
import type { Timeline } from './timeline.js'
import type { DemoState } from './context.js'
import { carrierSignedUpAt, pendingSignedUpAt } from './accounts.js'
import { APPROVED_CARRIERS, PENDING_CARRIERS, PENDING_WITH_CERTIFICATE } from './people.js'

/** A one-page certificate of liability insurance, as a carrier's insurer would send it. */
async function certificate(company: string, expiresOn: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([612, 792])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const lines = [
    'CERTIFICATE OF LIABILITY INSURANCE (demo)',
    `Insured: ${company}`,
    'Auto liability (BIPD): $1,000,000 combined single limit',
    `Policy expires: ${expiresOn}`,
  ]
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 720 - i * 24, size: 12, font }))
  return pdf.save()
}

async function upload(state: DemoState, email: string, company: string, expiresOn: string) {
  const insurance = await app.container.make(InsuranceService)
  const bytes = await certificate(company, expiresOn)
  await insurance.upload(
    state.userId(email),
    { bytes, kind: sniffUpload(Buffer.from(bytes))! },
    expiresOn
  )
}

export function planVetting(t: Timeline, state: DemoState) {
  for (const [index, carrier] of APPROVED_CARRIERS.entries()) {
    t.at(
      carrierSignedUpAt(t, index).plus({ days: 1 }),
      `${carrier.email} uploads its insurance certificate`,
      () => upload(state, carrier.email, carrier.company.companyName, t.day(300 - index * 40))
    )
  }
  for (const [index, carrier] of PENDING_CARRIERS.entries()) {
    if (!PENDING_WITH_CERTIFICATE.includes(carrier.email)) continue
    t.at(
      pendingSignedUpAt(t, index).plus({ hours: 1 }),
      `${carrier.email} uploads its insurance certificate`,
      () => upload(state, carrier.email, carrier.company.companyName, t.day(340))
    )
  }
  t.at(t.now.minus({ hours: 1 }), 'the daily re-vetting runs', async () =>
    (await app.container.make(RevetService)).run()
  )
}
