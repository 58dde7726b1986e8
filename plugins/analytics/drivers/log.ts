import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { AnalyticsDriver, AnalyticsEvent } from '../types.js'

/** Embedded default: one structured log line per event plus a row in the events table. */
export class LogAnalyticsDriver implements AnalyticsDriver {
  constructor(private table: string) {}

  async track(event: AnalyticsEvent) {
    logger.info(
      {
        analytics: event.name,
        path: event.path,
        userId: event.userId,
        properties: event.properties,
      },
      'analytics event'
    )
    await db.table(this.table).insert({
      name: event.name,
      user_id: event.userId,
      path: event.path,
      properties: JSON.stringify(event.properties),
      created_at: event.occurredAt,
    })
  }
}
