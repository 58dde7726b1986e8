import { createHash, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import type { CheckedUpload } from '#core/uploads'
import { appendToChain } from '#core/hash_chain'
import { CLAIM_CHAIN } from '#payments/chains'
import { CLAIM_FILES_PER_SIDE, type ClaimStatus, isFinal } from '#payments/services/claim_rules'

export const CLAIM_FILE_NOT_FOUND = 'File not found'

/** A claim's evidence file as both parties and the admins read it (names no one). */
export type ClaimFileView = {
  id: number
  side: 'shipper' | 'carrier'
  fileName: string
  mimeType: 'application/pdf' | 'image/jpeg' | 'image/png'
  size: number
  uploadedAt: string
  downloadUrl: string
}

/** Who attaches: the party's side, its account user, and the login that acted. */
export type EvidenceActor = { side: 'shipper' | 'carrier'; userId: number; loginId: number }

type FileRow = {
  id: number
  claim_id: number
  side: 'shipper' | 'carrier'
  path: string
  file_name: string
  mime_type: ClaimFileView['mimeType']
  size: number | string
  created_at: unknown
}

const downloadUrl = (claimId: number, fileId: number) => `/api/claims/${claimId}/files/${fileId}`

function present(row: FileRow): ClaimFileView {
  return {
    id: Number(row.id),
    side: row.side,
    fileName: row.file_name,
    mimeType: row.mime_type,
    size: Number(row.size),
    uploadedAt: isoUtc(row.created_at)!,
    downloadUrl: downloadUrl(Number(row.claim_id), Number(row.id)),
  }
}

/**
 * Evidence on cargo claims (docs/decisions/0245): photos and documents the claim's shipper and
 * the carrier it is against attach while it is open, at most `CLAIM_FILES_PER_SIDE` each,
 * stored through Drive; each one an `evidence_added` step in the claim's hash-chained audit
 * (with the file's SHA-256, so the record shows what was shown). ClaimPolicy has checked the
 * party before any of these run.
 */
@inject()
export default class ClaimEvidenceService {
  constructor(private clock: Clock) {}

  /** Each claim's files, oldest first. */
  async filesOf(claimIds: number[]): Promise<Map<number, ClaimFileView[]>> {
    const files = new Map<number, ClaimFileView[]>(claimIds.map((id) => [id, []]))
    if (claimIds.length === 0) return files
    const rows = (await db
      .from('cargo_claim_files')
      .whereIn('claim_id', claimIds)
      .orderBy('id')
      .select(
        'id',
        'claim_id',
        'side',
        'path',
        'file_name',
        'mime_type',
        'size',
        'created_at'
      )) as FileRow[]
    for (const row of rows) files.get(Number(row.claim_id))?.push(present(row))
    return files
  }

  /** POST /api/claims/:id/files */
  async attach(claimId: number, actor: EvidenceActor, upload: CheckedUpload) {
    const suffix = randomBytes(6).toString('hex')
    const path = `claims/${claimId}/${this.clock.nowMillis().toString(36)}-${suffix}.${upload.kind.extension}`
    const sha256 = createHash('sha256').update(upload.bytes).digest('hex')
    await drive.use().put(path, upload.bytes, { contentType: upload.kind.mime })
    let fileId: number
    try {
      fileId = await writeTransaction(async (trx) => {
        // The claim's row, locked on PostgreSQL (SQLite's write transaction holds the whole
        // database), so two uploads at once count each other.
        const query = trx.from('cargo_claims').where('id', claimId).select('id', 'status')
        if (trx.dialect.name === 'postgres') query.forUpdate()
        const claim = await query.first()
        if (!claim) throw new NotFoundException('Claim not found')
        if (isFinal(claim.status as ClaimStatus)) {
          throw new ConflictException(`This claim is ${claim.status}: no more evidence is taken`)
        }
        const [{ n }] = await trx
          .from('cargo_claim_files')
          .where('claim_id', claimId)
          .where('side', actor.side)
          .count('* as n')
        if (Number(n) >= CLAIM_FILES_PER_SIDE) {
          throw new ConflictException(
            `At most ${CLAIM_FILES_PER_SIDE} files per side may be attached to a claim`
          )
        }
        const now = this.clock.now()
        const [inserted] = await trx
          .table('cargo_claim_files')
          .insert({
            claim_id: claimId,
            side: actor.side,
            uploaded_by: actor.loginId,
            path,
            file_name: upload.name,
            mime_type: upload.kind.mime,
            size: upload.bytes.length,
            sha256,
            created_at: sqlTimestamp(now, trx),
          })
          .returning('id')
        const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
        await this.audit(
          trx,
          claimId,
          actor,
          claim.status as ClaimStatus,
          `${upload.name} sha256:${sha256}`
        )
        return id
      })
    } catch (error) {
      await drive
        .use()
        .delete(path)
        .catch((err) => logger.warn({ err, path }, 'could not delete refused claim evidence'))
      throw error
    }
    const row = (await db.from('cargo_claim_files').where('id', fileId).first()) as FileRow
    const file = present(row)
    const { booking_id: bookingId, status } = await db
      .from('cargo_claims')
      .where('id', claimId)
      .select('booking_id', 'status')
      .first()
    await emitter.emit('claims:changed', { claimId, bookingId: Number(bookingId), status })
    return file
  }

  /** GET /api/claims/:id/files/:fileId: a file of this claim, or a 404. */
  async download(claimId: number, fileId: number) {
    const row = (await db
      .from('cargo_claim_files')
      .where('id', fileId)
      .where('claim_id', claimId)
      .first()) as FileRow | null
    if (!row) throw new NotFoundException(CLAIM_FILE_NOT_FOUND)
    return {
      bytes: await drive.use().getBytes(row.path),
      mimeType: row.mime_type,
      fileName: row.file_name,
    }
  }

  private async audit(
    trx: TransactionClientContract,
    claimId: number,
    actor: EvidenceActor,
    status: ClaimStatus,
    note: string
  ) {
    await appendToChain(trx, CLAIM_CHAIN, [
      {
        claim_id: claimId,
        actor_id: actor.loginId,
        actor_role: actor.side,
        action: 'evidence_added',
        status,
        amount_cents: null,
        note,
        created_at: sqlTimestamp(this.clock.now(), trx),
      },
    ])
  }
}
