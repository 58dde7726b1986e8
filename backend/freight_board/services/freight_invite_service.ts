import { createHash, createHmac, randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import { appKey } from '#config/app'
import { Clock } from '#core/clock'
import { rowCount, takeWriteLock, transaction } from '#core/transactions'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { validationError } from '#core/validation'
import { isoUtc, sqlTimestamp } from '#core/timestamps'
import ShippingPartnersService from '#marketplace/services/shipping_partners_service'
import FreightListing from '#freight_board/models/freight_listing'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import FreightAuditService, {
  SYSTEM,
  type FreightActor,
} from '#freight_board/services/freight_audit_service'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import CarrierStandingService, { type LoadBar } from '#trust/services/carrier_standing_service'

/** docs/decisions/0068: the invited carrier's exclusive access before the load goes public. */
export const INVITE_WINDOW_HOURS = 2
export const INVITE_NOT_FOUND = 'Invite not found'
/** docs/decisions/0158: only a carrier that can take loads right now is invitable. */
export const CANNOT_TAKE_LOADS = 'This carrier cannot take loads right now'

const cannotTakeLoads = () =>
  validationError([{ field: 'candidateId', message: CANNOT_TAKE_LOADS, rule: 'canTakeLoads' }])

/** Tokens are stored hashed: the table never holds a usable link. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The handle a shipper invites a known carrier by: a keyed hash of the pair, different for each
 * shipper, so it names the carrier in the shipper's own history and joins to nothing else (no
 * carrier id reaches a shipper: docs/decisions/0157).
 */
export function candidateHandle(shipperId: number, carrierId: number) {
  const digest = createHmac('sha256', appKey.release())
    .update(`invite-candidate:${shipperId}:${carrierId}`)
    .digest('base64url')
  return `pc_${digest.slice(0, 22)}`
}

const appUrl = () =>
  (env.get('APP_URL') ?? `http://localhost:${env.get('PORT') ?? 3333}`).replace(/\/$/, '')

/** The invite, with the one link that opens the load on the carrier's board. */
export class FreightInviteMail extends BaseMail {
  subject = 'A shipper you have worked with invited you to a load'

  constructor(
    private to: string,
    private lane: string,
    private link: string
  ) {
    super()
  }

  prepare() {
    const lines = [
      'Hello,',
      `A shipper you have moved freight for invited you to a load on PalletLine: ${this.lane}.`,
      `You have ${INVITE_WINDOW_HOURS} hours of exclusive access before it goes on the public board.`,
      `Open it: ${this.link}`,
      'The PalletLine team',
    ]
    this.message
      .to(this.to)
      .text(lines.join('\n\n') + '\n')
      .html(
        lines
          .map((l) => `<p>${l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
          .join('\n')
      )
  }
}

/** Invites to a load: only carriers the shipper has a paid booking with, one-time tokens. */
@inject()
export default class FreightInviteService {
  constructor(
    private clock: Clock,
    private partners: ShippingPartnersService,
    private audits: FreightAuditService,
    private standing: CarrierStandingService
  ) {}

  async candidates(shipperId: number) {
    return (await this.invitable(await this.partners.partnersOf(shipperId))).map(
      ({ carrierId, companyName }) => ({
        candidateId: candidateHandle(shipperId, carrierId),
        companyName,
      })
    )
  }

  /** FreightListingPolicy has checked the load is this shipper's. */
  async invite(shipper: FreightActor & { userId: number }, listingId: number, candidateId: string) {
    const partner = (await this.partners.partnersOf(shipper.userId)).find(
      (p) => candidateHandle(shipper.userId, p.carrierId) === candidateId
    )
    const carrierId = partner?.carrierId
    if (!partner || carrierId === undefined) {
      throw validationError([
        {
          field: 'candidateId',
          message: 'You can only invite a carrier you have shipped with',
          rule: 'shippedWith',
        },
      ])
    }
    if ((await this.invitable([partner])).length === 0) throw cannotTakeLoads()
    const load = await FreightListing.find(listingId)
    if (!load) throw new NotFoundException(LOAD_NOT_FOUND)
    if (load.status !== 'OPEN') throw new ConflictException('Only an open load can be shared')
    const now = this.clock.now()
    const token = randomBytes(24).toString('base64url')
    const invite = await transaction(async (trx) => {
      const created = await FreightListingInvite.create(
        {
          listingId,
          invitedCarrierId: carrierId,
          token: hashInviteToken(token),
          expiresAt: now.plus({ hours: INVITE_WINDOW_HOURS }),
          usedAt: null,
          createdAt: now,
        },
        { client: trx }
      )
      await this.audits.record(listingId, 'invited', shipper, now, { carrier_id: carrierId }, trx)
      return created
    })
    // A suspension, rejection or failing vetting that committed while this was written found
    // no invite to end: look again now that the invite is committed (docs/decisions/0158).
    const bar = (await this.standing.barred([carrierId])).get(carrierId)
    if (bar) {
      await this.endInvitesOf(carrierId, bar)
      throw cannotTakeLoads()
    }
    // The load leaves every other board for the invite's window.
    await emitter.emit('freight:changed', { type: 'invited', id: listingId })
    const lane = `${load.originCity}, ${load.originState} to ${load.destCity}, ${load.destState}`
    await mail.send(
      new FreightInviteMail(partner.email, lane, `${appUrl()}/freight-board?invite=${token}`)
    )
    return { id: invite.id, expires_at: isoUtc(invite.expiresAt)! }
  }

  /** The invited carrier opens its link: used once, within the window. */
  async accept(carrier: FreightActor & { carrierId: number }, token: string) {
    const now = this.clock.now()
    const listingId = await transaction(async (trx) => {
      const invite = await FreightListingInvite.query({ client: trx })
        .where('token', hashInviteToken(token))
        .first()
      if (!invite || invite.invitedCarrierId !== carrier.carrierId) {
        throw new NotFoundException(INVITE_NOT_FOUND)
      }
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_listing_invites')
        .where('id', invite.id)
        .whereNull('used_at')
        .where('expires_at', '>', stamp)
        .update({ used_at: stamp })
      if (rowCount(updated) !== 1) {
        throw new ConflictException('This invite has expired or was already used')
      }
      await this.audits.record(
        invite.listingId,
        'invite_used',
        carrier,
        now,
        { carrier_id: carrier.carrierId },
        trx
      )
      return invite.listingId
    })
    return { id: listingId }
  }

  /**
   * The carrier can no longer take loads (suspended, rejected, failing vetting): each of its
   * invites still in its window ends now (`expires_at` set to now, so the link is refused and
   * the load is back on every board), recorded as `invite_cancelled` by the system with the
   * reason, and every board told (docs/decisions/0158). Returns the loads it was invited to.
   */
  async endInvitesOf(carrierId: number, reason: LoadBar, detail?: string): Promise<number[]> {
    const now = this.clock.now()
    const ended: number[] = []
    await transaction(async (trx) => {
      await takeWriteLock(trx)
      const stamp = sqlTimestamp(now, trx)
      const live = await trx
        .from('freight_listing_invites')
        .where('invited_carrier_id', carrierId)
        .where('expires_at', '>', stamp)
        .select('id', 'listing_id')
      for (const row of live) {
        const updated = await trx
          .from('freight_listing_invites')
          .where('id', row.id)
          .where('expires_at', '>', stamp)
          .update({ expires_at: stamp })
        if (rowCount(updated) !== 1) continue
        const meta = { carrier_id: carrierId, reason, ...(detail ? { detail } : {}) }
        await this.audits.record(Number(row.listing_id), 'invite_cancelled', SYSTEM, now, meta, trx)
        ended.push(Number(row.listing_id))
      }
    })
    // The load returns to every board: `released` like a dropped hold (the payload is a
    // refetch signal; the board cache empties on it).
    for (const id of new Set(ended)) await emitter.emit('freight:changed', { type: 'released', id })
    return ended
  }

  /** Only carriers that can take loads right now are invited (docs/decisions/0158). */
  private async invitable<T extends { carrierId: number }>(partners: T[]): Promise<T[]> {
    const barred = await this.standing.barred(partners.map((p) => p.carrierId))
    return partners.filter((p) => !barred.has(p.carrierId))
  }

  /** Whose invite a token is, for the policy; null when there is no such invite. */
  async invitedCarrierOf(token: string): Promise<number | null> {
    const invite = await FreightListingInvite.query()
      .where('token', hashInviteToken(token))
      .select('invitedCarrierId')
      .first()
    return invite?.invitedCarrierId ?? null
  }
}
