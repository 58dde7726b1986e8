import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import AlertRule from '#tms/models/alert_rule'
import AlertNotification from '#tms/models/alert_notification'
import TrackedShipmentsService from '#marketplace/services/tracked_shipments_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import type { Actor } from '#core/policies/base_policy'
import { validationError } from '#core/validation'
import { bookingReference, expeditedReference } from '#core/reference'
import type { createAlertRuleValidator } from '#tms/validators/alert_rule'
import type { AlertChannel, AlertTrigger, ShipmentFilter } from '#tms/services/alert_notifier'

/** A user's rules are few; more is a mistake or abuse. */
export const MAX_RULES_PER_USER = 50
const NOTIFICATIONS_SHOWN = 100

export type AlertRuleView = {
  id: number
  name: string
  shipment: { scope: 'all' } | { scope: 'booking'; bookingId: number; reference: string }
  triggers: AlertTrigger[]
  channels: AlertChannel[]
  createdAt: string
}

export type AlertNotificationView = {
  id: number
  ruleId: number
  trigger: string
  bookingId: number | null
  expeditedJobId: number | null
  reference: string
  eventId: number | null
  message: string
  emailed: boolean
  createdAt: string
}

function toView(rule: AlertRule): AlertRuleView {
  const filter = rule.shipmentFilter as ShipmentFilter | null
  return {
    id: rule.id,
    name: rule.name,
    shipment:
      filter?.scope === 'booking'
        ? {
            scope: 'booking',
            bookingId: filter.bookingId,
            reference: bookingReference(filter.bookingId),
          }
        : { scope: 'all' },
    triggers: (rule.triggers ?? []) as AlertTrigger[],
    channels: (rule.channels ?? []) as AlertChannel[],
    createdAt: rule.createdAt.toUTC().toISO()!,
  }
}

/** The signed-in user's alert rules and what they were told in the app. */
@inject()
export default class AlertRulesService {
  constructor(
    private shipments: TrackedShipmentsService,
    private carriers: CarrierProfileService
  ) {}

  async list(userId: number): Promise<AlertRuleView[]> {
    const rules = await AlertRule.query().where('userId', userId).orderBy('id', 'asc')
    return rules.map(toView)
  }

  async create(user: Actor, input: Infer<typeof createAlertRuleValidator>): Promise<AlertRuleView> {
    const count = await AlertRule.query().where('userId', user.id).count('* as total')
    if (Number(count[0].$extras.total) >= MAX_RULES_PER_USER) {
      throw validationError([
        {
          field: 'name',
          message: `At most ${MAX_RULES_PER_USER} alert rules; delete one first`,
          rule: 'maxRules',
        },
      ])
    }
    const filter = await this.filterOf(user, input.shipment)
    const rule = await AlertRule.create({
      userId: user.id,
      name: input.name,
      shipmentFilter: filter,
      triggers: input.triggers,
      channels: input.channels,
    })
    return toView(rule)
  }

  /**
   * Gives a user a rule for `trigger` on all their shipments unless one of their rules already
   * has that trigger (a party to a drayage move is told of its free time, decision 0122).
   */
  async ensureRule(userId: number, name: string, trigger: AlertTrigger) {
    const rules = await AlertRule.query().where('userId', userId)
    if (rules.some((rule) => (rule.triggers ?? []).includes(trigger))) return
    await AlertRule.create({
      userId,
      name,
      shipmentFilter: { scope: 'all' },
      triggers: [trigger],
      channels: ['in_app', 'email'],
    })
  }

  /** The route's AlertRulePolicy has checked the rule is the user's. */
  async delete(id: number) {
    await AlertRule.query().where('id', id).delete()
  }

  /** In-app notifications, newest first. */
  async notifications(userId: number): Promise<AlertNotificationView[]> {
    const rows = await AlertNotification.query()
      .where('userId', userId)
      .where('inApp', true)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_SHOWN)
    return rows.map((n) => ({
      id: n.id,
      ruleId: n.alertRuleId,
      trigger: n.trigger,
      bookingId: n.bookingId,
      expeditedJobId: n.expeditedJobId,
      reference:
        n.subjectReference ??
        (n.bookingId !== null
          ? bookingReference(n.bookingId)
          : expeditedReference(n.expeditedJobId ?? 0)),
      eventId: n.shipmentEventId,
      message: n.message,
      emailed: n.emailedAt !== null,
      createdAt: n.createdAt.toUTC().toISO()!,
    }))
  }

  /** "all" (or nothing): every shipment the user is a party to; else one they may follow. */
  private async filterOf(user: Actor, shipment: string | undefined): Promise<ShipmentFilter> {
    if (shipment === undefined || shipment.toLowerCase() === 'all') return { scope: 'all' }
    const found = await this.shipments.find(shipment)
    const party =
      found !== null &&
      (user.role === 'admin' ||
        (user.role === 'shipper' && found.shipperId === user.id) ||
        (user.role === 'carrier' &&
          user.isApproved &&
          found.carrierId !== null &&
          (await this.carriers.findCarrierId(user.id)) === found.carrierId))
    if (!found || !party) {
      throw validationError([{ field: 'shipment', message: 'Shipment not found', rule: 'exists' }])
    }
    return { scope: 'booking', bookingId: found.id }
  }
}
