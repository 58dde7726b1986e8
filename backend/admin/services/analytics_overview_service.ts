import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import AccountStatsService from '#accounts/services/account_stats_service'
import PlatformStatsService from '#marketplace/services/platform_stats_service'
import { bookingReference } from '#core/reference'
import { BUSINESS_TIME_ZONE } from '#core/business_time'

export type IdentityRevealEntry = {
  id: number
  bookingId: number
  bookingReference: string
  viewerId: number | null
  viewerName: string | null
  viewerRole: string
  viewedAt: string
  /** why an admin asked to see it (docs/decisions/0186); null for a view a page made */
  reason: string | null
}

/** Which reveals to read; `from` and `to` are business days (America/New_York), both included. */
export type RevealFilters = {
  viewerRole?: string
  bookingId?: number
  viewerId?: number
  from?: string
  to?: string
}

export type Page<T> = {
  data: T[]
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
}

/** Reads a timestamp as the database returns it (a Date on PostgreSQL, text on SQLite). */
function readTimestamp(value: unknown): string {
  if (value instanceof Date) return DateTime.fromJSDate(value).toUTC().toISO()!
  const text = String(value)
  const parsed = DateTime.fromSQL(text)
  return (parsed.isValid ? parsed : DateTime.fromISO(text)).toUTC().toISO() ?? text
}

/** The admin's platform analytics and the identity reveal audit log (newest first, paged). */
@inject()
export default class AnalyticsOverviewService {
  constructor(
    private platform: PlatformStatsService,
    private accounts: AccountStatsService
  ) {}

  async overview(page: number, perPage: number, viewerRole?: string) {
    const figures = await this.platform.overview()
    const identityRevealLogs = await this.identityReveals(page, perPage, { viewerRole })
    return { ...figures, identityRevealLogs }
  }

  /** Audit log view: who saw whose identity on which booking, and when. */
  async identityReveals(
    page: number,
    perPage: number,
    filters: RevealFilters = {}
  ): Promise<Page<IdentityRevealEntry>> {
    const query = db
      .from('identity_reveal_log')
      .select('id', 'booking_id', 'viewer_id', 'viewer_role', 'viewed_at', 'reason')
    if (filters.viewerRole) query.where('viewer_role', filters.viewerRole)
    if (filters.bookingId !== undefined) query.where('booking_id', filters.bookingId)
    if (filters.viewerId !== undefined) query.where('viewer_id', filters.viewerId)
    // Stamps are compared as stored: in the process's zone, in the dialect's format.
    const stamp = (day: string, end: boolean) => {
      const start = DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE })
      return (end ? start.plus({ days: 1 }) : start)
        .toLocal()
        .toFormat(db.connection().dialect.dateTimeFormat)
    }
    if (filters.from) query.where('viewed_at', '>=', stamp(filters.from, false))
    if (filters.to) query.where('viewed_at', '<', stamp(filters.to, true))
    const result = await query
      .orderBy('viewed_at', 'desc')
      .orderBy('id', 'desc')
      .paginate(page, perPage)
    const rows = result.all()
    const viewers = await this.accounts.contactsByIds(
      rows.map((r) => r.viewer_id).filter((id): id is number => id !== null)
    )
    const total = Number(result.total)
    return {
      data: rows.map((r) => ({
        id: r.id,
        bookingId: r.booking_id,
        bookingReference: bookingReference(r.booking_id),
        viewerId: r.viewer_id,
        viewerName: r.viewer_id === null ? null : (viewers.get(r.viewer_id)?.name ?? null),
        viewerRole: r.viewer_role,
        viewedAt: readTimestamp(r.viewed_at),
        reason: r.reason ?? null,
      })),
      meta: {
        total,
        perPage,
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(total / perPage)),
      },
    }
  }
}
