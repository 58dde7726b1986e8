import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CargoClaimService from '#payments/services/cargo_claim_service'
import {
  adminClaimsQueryValidator,
  claimDecisionValidator,
  claimResponseValidator,
  escalateClaimValidator,
  fileClaimValidator,
} from '#payments/validators/claim'
import { parseBookingId } from '#core/reference'
import { contentDisposition } from '#core/file_sniffing'
import { checkUpload, readSingleUpload, MAX_UPLOAD_BYTES } from '#core/uploads'
import ClaimEvidenceService from '#payments/services/claim_evidence_service'

/**
 * Cargo claims (docs/decisions/0232, 0233). ClaimPolicy has checked who may act on the route's
 * booking or claim before any of these run.
 */
@inject()
export default class ClaimsController {
  constructor(
    private service: CargoClaimService,
    private evidence: ClaimEvidenceService
  ) {}

  /** POST /api/bookings/:id/claims */
  async store({ auth, params, request, response }: HttpContext) {
    const input = await request.validateUsing(fileClaimValidator)
    const claim = await this.service.file(
      auth.user!.id,
      parseBookingId(params.id)!,
      input,
      auth.user!.member?.userId ?? null
    )
    return response.created(claim)
  }

  /** GET /api/claims */
  async index({ auth }: HttpContext) {
    const user = auth.user!
    return {
      claims: await this.service.listFor({
        userId: user.id,
        role: user.role as 'shipper' | 'carrier',
      }),
    }
  }

  /** GET /api/claims/:id */
  async show({ params }: HttpContext) {
    return this.service.detail(Number(params.id))
  }

  /** POST /api/claims/:id/response */
  async respond({ auth, params, request }: HttpContext) {
    const input = await request.validateUsing(claimResponseValidator)
    return this.service.respond(
      { userId: auth.user!.id, role: 'carrier', memberUserId: auth.user!.member?.userId },
      Number(params.id),
      input
    )
  }

  /** POST /api/claims/:id/accept */
  async accept({ auth, params }: HttpContext) {
    return this.service.accept(
      { userId: auth.user!.id, role: 'shipper', memberUserId: auth.user!.member?.userId },
      Number(params.id)
    )
  }

  /** POST /api/claims/:id/escalate */
  async escalate({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(escalateClaimValidator)
    return this.service.escalate(
      { userId: auth.user!.id, role: 'shipper', memberUserId: auth.user!.member?.userId },
      Number(params.id),
      reason
    )
  }

  /** POST /api/claims/:id/files: a photo or document as evidence (decision 0245). */
  async attach({ auth, params, request, response }: HttpContext) {
    const file = checkUpload(await readSingleUpload(request, 'file', MAX_UPLOAD_BYTES))
    const user = auth.user!
    const attached = await this.evidence.attach(
      Number(params.id),
      {
        side: user.role === 'carrier' ? 'carrier' : 'shipper',
        userId: user.id,
        loginId: user.member?.userId ?? user.id,
      },
      file
    )
    return response.created(attached)
  }

  /** GET /api/claims/:id/files/:fileId */
  async file({ params, response }: HttpContext) {
    const file = await this.evidence.download(Number(params.id), Number(params.fileId))
    response.header('content-type', file.mimeType)
    response.header('content-disposition', contentDisposition(file.fileName))
    response.header('cache-control', 'private, no-store')
    return response.send(Buffer.from(file.bytes))
  }

  /** GET /api/admin/claims */
  async adminIndex({ request }: HttpContext) {
    const filter = await adminClaimsQueryValidator.validate(request.qs())
    return { claims: await this.service.listForAdmin(filter) }
  }

  /** POST /api/admin/claims/:id/decision */
  async decide({ auth, params, request }: HttpContext) {
    const { amountCents, reason } = await request.validateUsing(claimDecisionValidator)
    return this.service.decide(
      { userId: auth.user!.id, role: 'admin' },
      Number(params.id),
      amountCents,
      reason
    )
  }
}
