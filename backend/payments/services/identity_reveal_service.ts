import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { REVEAL_CHAIN } from '#payments/chains'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { appendToChainOnce } from '#core/hash_chain'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type {
  CarrierIdentity,
  RevealCandidate,
  RevealViewer,
} from '#marketplace/contracts/booking_payments'

export type { CarrierIdentity, RevealCandidate, RevealViewer }

/** Payment reveals the carrier: never before (docs/spec.md §1), always after. */
export function revealsIdentity(booking: RevealCandidate): boolean {
  return booking.paymentStatus === 'paid' && booking.carrierId !== null
}

/**
 * Carrier identities and the audit trail of who saw them: every response that reveals an
 * identity writes one identity_reveal_log row per revealed booking (docs/decisions/0041).
 */
@inject()
export default class IdentityRevealService {
  constructor(private clock: Clock) {}

  /** Company and contact of each carrier, by carriers.id. */
  async identities(carrierIds: number[]): Promise<Map<number, CarrierIdentity>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const rows = await db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .whereIn('carriers.id', ids)
      .select(
        'carriers.id as carrier_id',
        'carriers.company_name',
        'carriers.dot_number',
        'carriers.mc_number',
        'users.first_name',
        'users.last_name',
        'users.email',
        'users.phone'
      )
    return new Map(
      rows.map((row) => {
        const contact = [row.first_name, row.last_name].filter(Boolean).join(' ').trim()
        return [
          Number(row.carrier_id),
          {
            companyName: row.company_name,
            contactName: contact || null,
            email: row.email,
            phone: row.phone ?? null,
            dotNumber: row.dot_number ?? null,
            mcNumber: row.mc_number ?? null,
          },
        ]
      })
    )
  }

  /**
   * The identities a shipper may see on these bookings (paid ones only), keyed by booking id,
   * logging one reveal per booking shown.
   */
  async revealToShipper(
    viewer: RevealViewer,
    bookings: RevealCandidate[]
  ): Promise<Map<number, CarrierIdentity>> {
    const revealed = bookings.filter(revealsIdentity)
    if (revealed.length === 0) return new Map()
    const identities = await this.identities(revealed.map((b) => b.carrierId!))
    const shown = new Map<number, CarrierIdentity>()
    for (const booking of revealed) {
      const identity = identities.get(booking.carrierId!)
      if (identity) shown.set(booking.id, identity)
    }
    await this.log(viewer, [...shown.keys()])
    return shown
  }

  /**
   * An admin's deliberate reveal of one booking's carrier, with the reason they gave: appended
   * on every call, unlike the first-view reveals below, because each is its own decision to
   * look (decision 0186).
   */
  async logDeliberate(viewer: RevealViewer, bookingId: number, reason: string): Promise<void> {
    const stamp = this.clock.now()
    await writeTransaction(async (trx) => {
      await appendToChainOnce(trx, REVEAL_CHAIN, async () => [
        {
          booking_id: bookingId,
          viewer_id: viewer.id,
          viewer_role: viewer.role,
          viewed_at: stamp.toFormat(trx.dialect.dateTimeFormat),
          reason,
        },
      ])
    })
  }

  /**
   * One identity_reveal_log row per booking whose carrier identity a response showed to this
   * viewer for the first time, linked into the log's hash chain: the reveal is logged once, the
   * page views after it are not reveals (docs/decisions/0157). A read that reveals nothing new
   * takes no write lock; the check is made again under the chain's lock, so two first views at
   * once log one row.
   */
  async log(viewer: RevealViewer, bookingIds: number[]): Promise<void> {
    const ids = [...new Set(bookingIds)]
    if (ids.length === 0) return
    const unlogged = async (client: QueryClientContract, among: number[]) => {
      const logged = await client
        .from('identity_reveal_log')
        .whereIn('booking_id', among)
        .where((q) =>
          viewer.id === null ? q.whereNull('viewer_id') : q.where('viewer_id', viewer.id)
        )
        .distinct('booking_id')
      const seen = new Set(logged.map((row: { booking_id: number }) => Number(row.booking_id)))
      return among.filter((id) => !seen.has(id))
    }
    const fresh = await unlogged(db.connection(), ids)
    if (fresh.length === 0) return
    const viewedAt = this.clock.now()
    await writeTransaction(async (trx) => {
      const stamp = viewedAt.toFormat(trx.dialect.dateTimeFormat)
      await appendToChainOnce(trx, REVEAL_CHAIN, async () =>
        (await unlogged(trx, fresh)).map((bookingId) => ({
          booking_id: bookingId,
          viewer_id: viewer.id,
          viewer_role: viewer.role,
          viewed_at: stamp,
          ...(viewer.actorUserId ? { actor_user_id: viewer.actorUserId } : {}),
        }))
      )
    })
  }
}
