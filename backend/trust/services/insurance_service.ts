import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import drive from '@adonisjs/drive/services/main'
import { Clock } from '#core/clock'
import { businessToday, parseCalendarDate } from '#core/business_time'
import { NotFoundException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'
import type { UploadKind } from '#core/file_sniffing'
import CarrierInsuranceService, {
  type CarrierVettingFacts,
} from '#fleet/services/carrier_insurance_service'
import VettingService, { type VettingView } from '#trust/services/vetting_service'

/** The carrier's insurance and vetting as the carrier itself sees them. */
export type CarrierInsuranceView = {
  hasCertificate: boolean
  /** `YYYY-MM-DD` */
  expiresOn: string | null
  verified: boolean
  vetting: VettingView | null
}

const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
}

/**
 * The insurance certificate a carrier uploads with its expiry date: stored privately through
 * drive (like the TMS documents, docs/decisions/0084), served to the carrier and admins only;
 * each upload re-vets the carrier so `verified` follows at once.
 */
@inject()
export default class InsuranceService {
  constructor(
    private clock: Clock,
    private carriers: CarrierInsuranceService,
    private vettings: VettingService
  ) {}

  async forUser(userId: number): Promise<CarrierInsuranceView> {
    return this.view(await this.carriers.factsForUser(userId))
  }

  async upload(
    userId: number,
    file: { bytes: Uint8Array; kind: UploadKind },
    expiresOnInput: string
  ): Promise<CarrierInsuranceView> {
    const expiresOn = parseCalendarDate(expiresOnInput)
    if (!expiresOn) {
      throw validationError([
        { field: 'expiresOn', message: 'Expiry date must be a date', rule: 'date' },
      ])
    }
    if (expiresOn < businessToday(this.clock)) {
      throw validationError([
        {
          field: 'expiresOn',
          message: 'This certificate has already expired: upload the current one',
          rule: 'afterOrEqual',
        },
      ])
    }
    const facts = await this.carriers.factsForUser(userId)
    const key = `insurance/${facts.carrierId}/certificate-${randomBytes(6).toString('hex')}.${file.kind.extension}`
    await drive.use().put(key, file.bytes, { contentType: file.kind.mime })
    const previous = await this.carriers.setCertificate(facts.carrierId, key, expiresOn)
    if (previous && previous !== key) {
      await drive
        .use()
        .delete(previous)
        .catch((err) =>
          logger.warn({ err, key: previous }, 'could not delete a replaced certificate')
        )
    }
    await this.vettings.vet(facts.carrierId, 'insurance')
    return this.view(await this.carriers.factsForUser(userId))
  }

  async certificateOfUser(userId: number) {
    return this.certificate(await this.carriers.factsForUser(userId))
  }

  async certificateOfCarrier(carrierId: number) {
    const facts = (await this.carriers.facts([carrierId])).get(carrierId)
    if (!facts) throw new NotFoundException('Insurance certificate not found')
    return this.certificate(facts)
  }

  private async certificate(facts: CarrierVettingFacts) {
    const key = facts.insuranceDocument
    if (!key || !(await drive.use().exists(key))) {
      throw new NotFoundException('Insurance certificate not found')
    }
    const extension = key.split('.').pop()!.toLowerCase()
    return {
      bytes: await drive.use().getBytes(key),
      mimeType: MIME_BY_EXTENSION[extension] ?? 'application/octet-stream',
      fileName: `insurance-certificate-${facts.carrierId}.${extension}`,
    }
  }

  private async view(facts: CarrierVettingFacts): Promise<CarrierInsuranceView> {
    const latest = await this.vettings.latest([facts.carrierId])
    return {
      hasCertificate: facts.insuranceDocument !== null,
      expiresOn: facts.insuranceExpiresOn,
      verified: facts.verified,
      vetting: latest.get(facts.carrierId) ?? null,
    }
  }
}
