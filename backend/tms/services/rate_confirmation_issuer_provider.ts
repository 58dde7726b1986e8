import { inject } from '@adonisjs/core'
import { RateConfirmationIssuer } from '#marketplace/contracts/rate_confirmation_issuer'
import DocumentService from '#tms/services/document_service'

/** The TMS's answer to marketplace's RateConfirmationIssuer: renders and stores the PDF. */
@inject()
export default class RateConfirmationIssuerProvider extends RateConfirmationIssuer {
  constructor(private documents: DocumentService) {
    super()
  }

  async issue(bookingId: number) {
    await this.documents.issueRateConfirmation(bookingId)
  }

  async revise(bookingId: number, reason: string, holdsPickup: boolean) {
    await this.documents.reviseRateConfirmation(bookingId, reason, holdsPickup)
  }
}
