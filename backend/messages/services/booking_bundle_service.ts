import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import yazl from 'yazl'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { bookingReference } from '#core/reference'
import { formatUsd } from '#core/money'
import { NotFoundException } from '#core/exceptions/http_errors'
import { sanitiseFileName } from '#core/file_sniffing'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import CargoClaimService, { type ClaimDetail } from '#payments/services/cargo_claim_service'
import ClaimEvidenceService from '#payments/services/claim_evidence_service'
import DocumentHubService, { type BookingFile } from '#tms/services/document_hub_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import BookingMessage from '#messages/models/booking_message'
import { BOOKING_NOT_FOUND, NO_BUNDLE_YET } from '#messages/message_rules'

export { ADMIN_NEEDS_DISPUTE_OR_CLAIM, NO_BUNDLE_YET } from '#messages/message_rules'

/** Who downloads: one of the booking's parties, or an admin a dispute or claim lets in. */
export type BundleViewer = {
  userId: number
  role: 'shipper' | 'carrier' | 'admin'
  /** the company member who acted, when a member did (docs/decisions/0223) */
  actorUserId?: number
}

/** One file of the bundle, as the manifest lists it. */
export type BundleEntry = {
  path: string
  /** what it is: BOL, RATE_CONFIRMATION, POD, INVOICE, CLAIM, MESSAGES, ... */
  kind: string
  description: string
  size: number
  sha256: string
}

export type Bundle = { fileName: string; bytes: Buffer; entries: BundleEntry[] }

/** Folders in the ZIP by Document Hub type. */
const FOLDER_BY_TYPE: Record<string, string> = {
  BOL: 'bill-of-lading',
  RATE_CONFIRMATION: 'rate-confirmations',
  POD: 'proof-of-delivery',
  SIGNED_BOL: 'proof-of-delivery',
  INVOICE: 'invoices',
  WEIGHT_TICKET: 'carrier-uploads',
  LUMPER_RECEIPT: 'carrier-uploads',
  OTHER: 'carrier-uploads',
}

const printed = (iso: string) =>
  DateTime.fromISO(iso, { setZone: true })
    .setZone(BUSINESS_TIME_ZONE)
    .setLocale('en-US')
    .toFormat("d LLL yyyy, HH:mm 'ET'")

/**
 * Who wrote a message, as the transcript prints it: the side. A helper of its own, so naming
 * the acting member as well (when messages record one) is one change here.
 */
export function authorOf(message: Pick<BookingMessage, 'authorSide'>): string {
  return message.authorSide === 'shipper' ? 'Shipper' : 'Carrier'
}

/**
 * A booking's document bundle (docs/decisions/0250): one ZIP of everything on the booking for
 * its parties: the bill of lading, every rate confirmation revision, proofs of delivery and the
 * carrier's uploads, invoices (the booking's and the carrier's itemised ones), each claim with
 * its steps and evidence, and the message thread as a transcript with its attachments, then a
 * manifest of each entry's SHA-256. It lives in messages, the lowest module that can read every
 * part (tms's files, payments' claims, finance's invoices and the thread) without a contract.
 * The route's policy has decided who may download; here: not before the payment, and the
 * reveal is logged.
 */
@inject()
export default class BookingBundleService {
  constructor(
    private clock: Clock,
    private bookings: BookingFactsService,
    private hub: DocumentHubService,
    private confirmations: RateConfirmationService,
    private claims: CargoClaimService,
    private evidence: ClaimEvidenceService,
    private invoices: AdvancedInvoiceService,
    private reveals: IdentityRevealService
  ) {}

  /** The reasons an admin may download it: the disputed invoices and the claims on the booking. */
  async adminReasons(bookingId: number): Promise<string[]> {
    const disputes = await this.invoices.disputesNaming(bookingId)
    const claims = await this.claims.onBooking(bookingId)
    return [...disputes.map((n) => `disputed ${n}`), ...claims.map((c) => `claim ${c.id}`)]
  }

  async build(bookingId: number, viewer: BundleViewer): Promise<Bundle> {
    const facts = await this.bookings.threadFacts(bookingId)
    if (!facts) throw new NotFoundException(BOOKING_NOT_FOUND)
    if (!facts.paid) throw new NotFoundException(NO_BUNDLE_YET)
    const reference = bookingReference(bookingId)
    const now = this.clock.now()
    const entries: { path: string; kind: string; description: string; bytes: Buffer }[] = []
    const taken = new Set<string>()
    const add = (
      folder: string,
      name: string,
      kind: string,
      description: string,
      bytes: Uint8Array
    ) => {
      const safe = sanitiseFileName(name) ?? 'file'
      let path = `${folder}/${safe}`
      for (let n = 2; taken.has(path); n++) {
        const dot = safe.lastIndexOf('.')
        path = `${folder}/${dot > 0 ? `${safe.slice(0, dot)}-${n}${safe.slice(dot)}` : `${safe}-${n}`}`
      }
      taken.add(path)
      entries.push({ path, kind, description, bytes: Buffer.from(bytes) })
    }

    const revisions = new Map(
      (await this.confirmations.revisions(bookingId)).map((r) => [r.documentId, r])
    )
    for (const file of await this.hub.bookingFiles(bookingId)) {
      this.addHubFile(file, revisions, add)
    }
    for (const invoice of await this.invoices.forBooking(bookingId)) {
      if (invoice.status === 'DRAFT' || !invoice.number) continue
      const pdf = await this.invoices.pdf(invoice.id)
      add(
        'invoices',
        pdf.fileName,
        'INVOICE',
        `Invoice ${invoice.number} (${invoice.status})`,
        pdf.bytes
      )
    }
    for (const claim of await this.claims.onBooking(bookingId)) {
      add(
        'claims',
        `claim-${claim.id}.txt`,
        'CLAIM',
        `Claim ${claim.id}: ${claim.status}`,
        Buffer.from(claimText(claim))
      )
      for (const file of claim.files) {
        const got = await this.evidence.download(claim.id, file.id)
        add(
          `claims/claim-${claim.id}`,
          `${file.id}-${got.fileName}`,
          'CLAIM_EVIDENCE',
          `Evidence from the ${file.side}`,
          got.bytes
        )
      }
    }
    const messages = await BookingMessage.query().where('bookingId', bookingId).orderBy('id', 'asc')
    const attachmentPaths = new Map<number, string>()
    for (const message of messages) {
      if (!message.attachmentPath) continue
      const bytes = await drive.use().getBytes(message.attachmentPath)
      add(
        'messages/attachments',
        `${message.id}-${message.attachmentName ?? message.attachmentPath.split('/').pop()}`,
        'MESSAGE_ATTACHMENT',
        `Attached to message ${message.id} by the ${message.authorSide}`,
        bytes
      )
      attachmentPaths.set(message.id, entries[entries.length - 1].path)
    }
    add(
      'messages',
      'transcript.txt',
      'MESSAGES',
      `The message thread, ${messages.length} ${messages.length === 1 ? 'message' : 'messages'}`,
      Buffer.from(transcript(reference, now.toUTC().toISO()!, messages, attachmentPaths))
    )

    if (viewer.role === 'shipper') {
      // The bill of lading and rate confirmations name the carrier: a reveal, once per viewer.
      await this.reveals.log(
        { id: viewer.userId, role: 'shipper', actorUserId: viewer.actorUserId },
        [bookingId]
      )
    } else if (viewer.role === 'admin') {
      const reasons = await this.adminReasons(bookingId)
      await this.reveals.logDeliberate(
        { id: viewer.userId, role: 'admin' },
        bookingId,
        `Downloaded the booking's document bundle: ${reasons.join(', ')}`
      )
    }
    return this.zip(reference, now.toUTC().toISO()!, entries)
  }

  private addHubFile(
    file: BookingFile,
    revisions: Map<number, { number: string; supersededAt: DateTime | null; revision: number }>,
    add: (
      folder: string,
      name: string,
      kind: string,
      description: string,
      bytes: Uint8Array
    ) => void
  ) {
    const folder = FOLDER_BY_TYPE[file.type] ?? 'other'
    if (file.type === 'RATE_CONFIRMATION') {
      const revision = revisions.get(file.id)
      if (revision) {
        const state = revision.supersededAt ? 'superseded' : 'current'
        add(
          folder,
          `${revision.number}.pdf`,
          file.type,
          `Rate confirmation ${revision.number} (${state})`,
          file.bytes
        )
        return
      }
    }
    const uploaded = file.fileName !== file.storedName
    const name = uploaded ? `${file.id}-${file.fileName}` : file.storedName
    add(
      folder,
      name,
      file.type,
      `${describe(file.type)}, stored ${printed(file.createdAt)}`,
      file.bytes
    )
  }

  /** The ZIP: every entry, then manifest.json and SHA256SUMS (`sha256sum -c SHA256SUMS`). */
  private async zip(
    reference: string,
    generatedAt: string,
    files: { path: string; kind: string; description: string; bytes: Buffer }[]
  ): Promise<Bundle> {
    const mtime = new Date(generatedAt)
    const entries: BundleEntry[] = files.map((f) => ({
      path: f.path,
      kind: f.kind,
      description: f.description,
      size: f.bytes.length,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
    }))
    const manifest = JSON.stringify({ booking: reference, generatedAt, entries }, null, 2) + '\n'
    const sums = entries.map((e) => `${e.sha256}  ${e.path}`).join('\n') + '\n'
    const zipfile = new yazl.ZipFile()
    for (const f of files) zipfile.addBuffer(f.bytes, f.path, { mtime })
    zipfile.addBuffer(Buffer.from(manifest), 'manifest.json', { mtime })
    zipfile.addBuffer(Buffer.from(sums), 'SHA256SUMS', { mtime })
    zipfile.end({
      forceZip64Format: false,
      comment: `PalletLine document bundle of ${reference}, ${printed(generatedAt)}`,
    })
    const chunks: Buffer[] = []
    for await (const chunk of zipfile.outputStream) chunks.push(chunk as Buffer)
    return {
      fileName: `${reference}-documents.zip`,
      bytes: Buffer.concat(chunks),
      entries,
    }
  }
}

function describe(type: string): string {
  switch (type) {
    case 'BOL':
      return 'Bill of lading'
    case 'POD':
      return 'Proof of delivery'
    case 'SIGNED_BOL':
      return 'Signed bill of lading'
    case 'INVOICE':
      return 'Invoice'
    case 'WEIGHT_TICKET':
      return 'Weight ticket'
    case 'LUMPER_RECEIPT':
      return 'Lumper receipt'
    default:
      return 'Document'
  }
}

/** The thread as plain text: who (the side), when (business time), what, and each file. */
export function transcript(
  reference: string,
  generatedAt: string,
  messages: BookingMessage[],
  attachmentPaths: Map<number, string>
): string {
  const lines = [
    `Messages on booking ${reference}`,
    `Exported ${printed(generatedAt)}. Times are New York time.`,
    '',
  ]
  if (messages.length === 0) lines.push('No messages were written on this booking.')
  for (const m of messages) {
    const edited = m.editedAt ? ` (edited ${printed(m.editedAt.toUTC().toISO()!)})` : ''
    lines.push(`[${printed(m.createdAt.toUTC().toISO()!)}] ${authorOf(m)}${edited}:`)
    for (const line of m.body.split(/\r?\n/)) if (m.body !== '') lines.push(`  ${line}`)
    if (m.attachmentPath) {
      const name = m.attachmentName ?? m.attachmentPath.split('/').pop()
      lines.push(`  Attachment: ${name} (${attachmentPaths.get(m.id) ?? 'not kept'})`)
    }
    lines.push('')
  }
  return lines.join('\n')
}

/** A claim as text: its figures and each step of its audit. */
function claimText(claim: ClaimDetail): string {
  const lines = [
    `Claim ${claim.id} on booking ${claim.reference}`,
    `Type: ${claim.type}`,
    `Amount claimed: ${formatUsd(claim.amountCents)}`,
    `Status: ${claim.status}`,
    `Filed: ${printed(claim.filedAt)}`,
    `Description: ${claim.description}`,
  ]
  if (claim.settledCents !== null) lines.push(`Settled: ${formatUsd(claim.settledCents)}`)
  lines.push('', 'Steps:')
  for (const step of claim.steps) {
    const amount = step.amountCents === null ? '' : ` ${formatUsd(step.amountCents)}`
    const note = step.note ? `: ${step.note}` : ''
    lines.push(`  ${printed(step.at)} ${step.actorRole} ${step.action}${amount}${note}`)
  }
  lines.push('', 'Evidence:')
  if (claim.files.length === 0) lines.push('  none')
  for (const f of claim.files) lines.push(`  ${f.fileName} (from the ${f.side})`)
  return lines.join('\n') + '\n'
}
