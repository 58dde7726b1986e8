/*
 * Web processes on PostgreSQL follow the search version through LISTEN (decision 0150) instead
 * of reading it on every search; a failed connection leaves search reading it, and the feed
 * retries every second. SQLite reads its version row in process and needs none of this.
 */
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import dbConfig from '#config/database'
import { searchCache } from '#marketplace/services/search_cache'
import { SearchVersionFeed } from '#marketplace/services/search_version_feed'

const connection = db.connection()
if (connection.dialect.name === 'postgres' && searchCache.enabled) {
  const settings = dbConfig.connections[connection.connectionName] as {
    connection: { host: string; port: number; user: string; password: string; database: string }
  }
  const feed = new SearchVersionFeed(settings.connection, (version) =>
    searchCache.announce(version)
  )
  await feed.start()
  app.terminating(() => feed.stop())
}
