import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import { BaseMail } from '@adonisjs/mail'
import mail from '@adonisjs/mail/services/main'
import { mailQueue } from '#core/mail_queue'
import { notifyUsers } from '#core/live_notices'
import { mailedLinkOrigin } from '#core/public_origin'
import { fromCents } from '#core/money'
import AccountStatsService from '#accounts/services/account_stats_service'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import type { PostedLoadFacts } from '#freight_board/services/posted_load_facts'
import type { AlertMatched } from '#alerts/events'

/** A match this process recorded (and so delivers): the lane or search, its owner, the mail flag. */
export type MatchedAlert = { savedId: number; userId: number; email: boolean }

/** What a capacity listing's alert names: its places, pallets and day (its carrier anonymously). */
type ListingFacts = {
  id: number
  carrierId: number
  origin: { city: string | null; state: string | null }
  destination: { city: string | null; state: string | null }
  maxPallets: number
  availableDate: string | null
}

/** App paths an alert links to: the carrier's board, the shipper's carrier search. */
export const LANE_ALERT_PATH = '/carrier#freight-board'
export const SEARCH_ALERT_PATH = '/shipper#search'

const placeName = (p: { city: string | null; state: string | null }) =>
  [p.city, p.state].filter(Boolean).join(', ') || 'Unknown place'

/** The mail of one match (no shipper named; a carrier only by its anonymous label). */
export class AlertMatchedMail extends BaseMail {
  subject: string

  constructor(
    private to: string,
    private title: string,
    private link: string,
    private kind: AlertMatched['kind']
  ) {
    super()
    this.subject = title
  }

  lines(): string[] {
    const what =
      this.kind === 'saved_lane' ? 'one of your saved lanes' : 'one of your saved searches'
    return [
      'Hello,',
      `${this.title} matches ${what} on PalletLine.`,
      `See it: ${this.link}`,
      'You can turn these emails off per lane or search in PalletLine.',
      'The PalletLine team',
    ]
  }

  prepare() {
    const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    const lines = this.lines()
    this.message
      .to(this.to)
      .text(lines.join('\n\n') + '\n')
      .html(lines.map((l) => `<p>${escape(l)}</p>`).join('\n'))
  }
}

/**
 * Tells each owner of a recorded match (docs/decisions/0239): a live `alert` notice on the
 * owner's channel (decision 0171: it names no one; the screen shows a toast and refetches),
 * one `alert:matched` event naming them all for the notification centre (decision 0267), and a mail per match when the lane or
 * search has email on. A failed mail is logged, never the poster's error.
 */
@inject()
export default class AlertDelivery {
  constructor(
    private accounts: AccountStatsService,
    private shown: CarrierShownToShipper
  ) {}

  async lanes(load: PostedLoadFacts, rateCents: number, alerts: MatchedAlert[]) {
    if (alerts.length === 0) return
    const rate = rateCents > 0 ? ` at $${fromCents(rateCents).toFixed(2)}/mi` : ''
    const title = `New ${load.equipment} load ${placeName(load.origin)} → ${placeName(load.destination)}${rate}`
    await this.deliver(alerts, {
      kind: 'saved_lane',
      subjectId: load.id,
      title,
      link: LANE_ALERT_PATH,
    })
  }

  async searches(listing: ListingFacts, alerts: MatchedAlert[]) {
    if (alerts.length === 0) return
    const label = (await this.shown.unpaidLabels([listing.carrierId])).get(listing.carrierId)
    const day = listing.availableDate ? ` from ${listing.availableDate}` : ''
    const title = `${label ?? 'A verified carrier'} has ${listing.maxPallets} pallets ${placeName(listing.origin)} → ${placeName(listing.destination)}${day}`
    await this.deliver(alerts, {
      kind: 'saved_search',
      subjectId: listing.id,
      title,
      link: SEARCH_ALERT_PATH,
    })
  }

  private async deliver(alerts: MatchedAlert[], what: Omit<AlertMatched, 'recipients'>) {
    const users = [...new Set(alerts.map((a) => a.userId))]
    notifyUsers(users, { kind: 'alert', id: what.subjectId, change: what.kind })
    // A mail per match whose lane or search asks for one, queued after the posting's work (a
    // post may match many lanes: it never waits on the mail transport).
    const wanted = alerts.filter((a) => a.email)
    const contacts = wanted.length
      ? await this.accounts.contactsByIds(wanted.map((a) => a.userId))
      : new Map()
    const mailed = new Set<number>()
    for (const alert of wanted) {
      const email = contacts.get(alert.userId)?.email
      if (!email) continue
      mailed.add(alert.userId)
      mailQueue.push(
        `alert ${what.kind} ${what.subjectId} for saved ${alert.savedId}`,
        async () => {
          await mail.send(
            new AlertMatchedMail(email, what.title, `${mailedLinkOrigin()}${what.link}`, what.kind)
          )
        }
      )
    }
    // The notification centre keeps it, and does not mail again whom this mailed: one event
    // for the whole posting, stored in one batch (docs/decisions/0267).
    await emitter.emit('alert:matched', {
      ...what,
      recipients: users.map((userId) => ({ userId, mailed: mailed.has(userId) })),
    })
  }
}
