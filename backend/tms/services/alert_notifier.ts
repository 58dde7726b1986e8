import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import AlertRule from '#tms/models/alert_rule'
import type ShipmentEvent from '#tms/models/shipment_event'
import type { TrackedShipment } from '#marketplace/services/tracked_shipments_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'
import { ShipmentAlertMail } from '#tms/services/alert_mail'

export const ALERT_TRIGGERS = ['exception', 'late', 'delivered', 'last_free_day'] as const
export const ALERT_CHANNELS = ['email', 'in_app'] as const
export type AlertTrigger = (typeof ALERT_TRIGGERS)[number]
export type AlertChannel = (typeof ALERT_CHANNELS)[number]

/** An expedited job's SLA news for the alert rules (logistics calls `notifyExpedited`). */
export type ExpeditedAlert = {
  jobId: number
  reference: string
  shipperId: number
  /** carriers.id of the carrier on the job */
  carrierId: number | null
  kind: 'at_risk' | 'missed'
  message: string
}

/** Which shipments a rule follows: all of its user's, or one booking. */
export type ShipmentFilter = { scope: 'all' } | { scope: 'booking'; bookingId: number }

const TYPE_WORDS: Record<string, string> = {
  PU: 'Picked up',
  LINEHAUL_DEPART: 'Departed on the line haul',
  IN_TRANSIT: 'In transit',
  LINEHAUL_ARRIVE: 'Arrived at the destination terminal',
  OFD: 'Out for delivery',
  DELIVERED: 'Delivered',
  EXCEPTION: 'Exception',
}

/**
 * The estimated arrival: the end of the promised delivery day in the business time zone
 * (the day a shipper picks is a New York calendar day, decision 0021); null without one.
 */
export function estimatedArrival(shipment: TrackedShipment): DateTime | null {
  if (!shipment.deliveryDate) return null
  const day = DateTime.fromISO(shipment.deliveryDate, { zone: BUSINESS_TIME_ZONE })
  return day.isValid ? day.endOf('day') : null
}

/** What a rule is told about an event, with the key that makes it once. */
export function matches(
  triggers: readonly string[],
  shipment: TrackedShipment,
  event: Pick<ShipmentEvent, 'id' | 'eventType' | 'eventTime'>
): { trigger: AlertTrigger; dedupeKey: string }[] {
  const found: { trigger: AlertTrigger; dedupeKey: string }[] = []
  if (triggers.includes('exception') && event.eventType === 'EXCEPTION') {
    found.push({ trigger: 'exception', dedupeKey: `event:${event.id}` })
  }
  if (triggers.includes('delivered') && event.eventType === 'DELIVERED') {
    found.push({ trigger: 'delivered', dedupeKey: `event:${event.id}` })
  }
  const eta = estimatedArrival(shipment)
  if (triggers.includes('late') && eta && event.eventTime > eta) {
    // Late is a state of the shipment, not of each event: told once per shipment.
    found.push({ trigger: 'late', dedupeKey: `late:${shipment.id}` })
  }
  return found
}

function message(trigger: AlertTrigger, shipment: TrackedShipment, event: ShipmentEvent) {
  const where = event.location ? ` at ${event.location}` : ''
  const when = event.eventTime.setZone(BUSINESS_TIME_ZONE).toFormat("LLL d, HH:mm 'ET'")
  if (trigger === 'late') {
    const eta = estimatedArrival(shipment)!.toFormat('LLL d')
    return `${shipment.reference}: Running late: not delivered by ${eta} (last event ${TYPE_WORDS[event.eventType] ?? event.eventType}${where}, ${when})`
  }
  const words = event.description ?? TYPE_WORDS[event.eventType] ?? event.eventType
  const what = trigger === 'exception' ? `Exception: ${words}` : 'Delivered'
  return `${shipment.reference}: ${what}${where}, ${when}`
}

/**
 * Tells the users whose alert rules match newly stored events, once per (rule, event) or, for
 * lateness, once per (rule, shipment): the notification row is inserted with ON CONFLICT DO
 * NOTHING first, and only the call that inserted it sends the email.
 */
@inject()
export default class AlertNotifier {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService,
    private accounts: AccountStatsService
  ) {}

  async notify(shipment: TrackedShipment, events: ShipmentEvent[]) {
    const rules = await this.rulesFor(shipment)
    for (const rule of rules) {
      for (const event of events) {
        for (const match of matches(rule.triggers ?? [], shipment, event)) {
          await this.send(rule, shipment, event, match)
        }
      }
    }
  }

  /**
   * Tells users about something that is not a tracking event (a drayage container's last free
   * day, docs/decisions/0122) through each of their rules with `trigger` that follows all
   * their shipments, once per (rule, `dedupeKey`). Answers how many notifications were new.
   */
  async notifyUsers(input: {
    userIds: number[]
    trigger: Extract<AlertTrigger, 'last_free_day'>
    dedupeKey: string
    reference: string
    message: string
  }): Promise<number> {
    if (input.userIds.length === 0) return 0
    const rules = await AlertRule.query().whereIn('userId', input.userIds).orderBy('id', 'asc')
    let sent = 0
    for (const rule of rules) {
      const filter = rule.shipmentFilter as ShipmentFilter | null
      if (filter?.scope === 'booking' || !(rule.triggers ?? []).includes(input.trigger)) continue
      const inserted = await this.record(rule, {
        booking_id: null,
        shipment_event_id: null,
        subject_reference: input.reference,
        dedupe_key: input.dedupeKey,
        trigger: input.trigger,
        message: input.message,
      })
      if (inserted === null) continue
      sent++
      await this.email(rule, inserted, input.reference, input.message, { ruleId: rule.id })
    }
    return sent
  }

  /**
   * Tells about an expedited job's SLA (docs/decisions/0127): the `late` rules of its shipper
   * and of its carrier's users that follow all their shipments, once per (rule, job, kind).
   */
  async notifyExpedited(alert: ExpeditedAlert) {
    const rules = await AlertRule.query().orderBy('id', 'asc')
    const carrierIds = new Map<number, number | null>()
    for (const rule of rules) {
      const filter = rule.shipmentFilter as ShipmentFilter | null
      if (filter?.scope === 'booking' || !(rule.triggers ?? []).includes('late')) continue
      let party = rule.userId === alert.shipperId
      if (!party && alert.carrierId !== null) {
        if (!carrierIds.has(rule.userId)) {
          carrierIds.set(rule.userId, await this.carriers.findCarrierId(rule.userId))
        }
        party = carrierIds.get(rule.userId) === alert.carrierId
      }
      if (!party) continue
      const text = `${alert.reference}: ${alert.message}`
      const id = await this.record(rule, {
        booking_id: null,
        shipment_event_id: null,
        expedited_job_id: alert.jobId,
        subject_reference: alert.reference,
        dedupe_key: `expedited-${alert.kind}:${alert.jobId}`,
        trigger: 'late',
        message: text,
      })
      if (id !== null) {
        await this.email(rule, id, alert.reference, text, { ruleId: rule.id, jobId: alert.jobId })
      }
    }
  }

  /** The rules that follow this shipment: its own, or "all" of a user who is a party to it. */
  private async rulesFor(shipment: TrackedShipment): Promise<AlertRule[]> {
    const rules = await AlertRule.query().orderBy('id', 'asc')
    const carrierIds = new Map<number, number | null>()
    const isParty = async (userId: number) => {
      if (userId === shipment.shipperId) return true
      if (shipment.carrierId === null) return false
      if (!carrierIds.has(userId)) carrierIds.set(userId, await this.carriers.findCarrierId(userId))
      return carrierIds.get(userId) === shipment.carrierId
    }
    const following: AlertRule[] = []
    for (const rule of rules) {
      const filter = rule.shipmentFilter as ShipmentFilter | null
      if (filter?.scope === 'booking') {
        if (filter.bookingId === shipment.id) following.push(rule)
      } else if (await isParty(rule.userId)) {
        following.push(rule)
      }
    }
    return following
  }

  private async send(
    rule: AlertRule,
    shipment: TrackedShipment,
    event: ShipmentEvent,
    match: { trigger: AlertTrigger; dedupeKey: string }
  ) {
    const text = message(match.trigger, shipment, event)
    const id = await this.record(rule, {
      booking_id: shipment.id,
      shipment_event_id: event.id,
      subject_reference: null,
      dedupe_key: match.dedupeKey,
      trigger: match.trigger,
      message: text,
    })
    if (id === null) return
    await this.email(rule, id, shipment.reference, text, { ruleId: rule.id, eventId: event.id })
  }

  /** Inserts the notification once (the id), or null when the rule was already told. */
  private async record(
    rule: AlertRule,
    row: {
      booking_id: number | null
      shipment_event_id: number | null
      expedited_job_id?: number | null
      subject_reference: string | null
      dedupe_key: string
      trigger: AlertTrigger
      message: string
    }
  ): Promise<number | null> {
    const client = db.connection()
    const rows = await client
      .knexQuery()
      .table('alert_notifications')
      .insert({
        ...row,
        alert_rule_id: rule.id,
        user_id: rule.userId,
        message: row.message.slice(0, 500),
        in_app: (rule.channels ?? []).includes('in_app'),
        created_at: sqlTimestamp(this.clock.now(), client),
      })
      .onConflict(['alert_rule_id', 'dedupe_key'])
      .ignore()
      .returning('id')
    if (rows.length === 0) return null
    return Number((rows[0] as any).id ?? rows[0])
  }

  /** The email of a new notification, when the rule asks for one. */
  private async email(
    rule: AlertRule,
    id: number,
    reference: string,
    text: string,
    logContext: Record<string, number>
  ) {
    if (!(rule.channels ?? []).includes('email')) return
    const client = db.connection()
    const contact = (await this.accounts.contactsByIds([rule.userId])).get(rule.userId)
    if (!contact?.email) return
    try {
      await mail.send(
        new ShipmentAlertMail({
          to: contact.email,
          firstName: contact.firstName,
          ruleName: rule.name,
          reference,
          message: text,
        })
      )
      await client
        .from('alert_notifications')
        .where('id', id)
        .update({ emailed_at: sqlTimestamp(this.clock.now(), client) })
    } catch (error) {
      // Told in the app all the same; the mail is not retried (docs/decisions/0083).
      logger.error({ err: error, ...logContext }, 'alert email failed')
    }
  }
}
