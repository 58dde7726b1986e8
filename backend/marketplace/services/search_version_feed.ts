import { randomUUID } from 'node:crypto'
import pg from 'pg'
import logger from '@adonisjs/core/services/logger'

/**
 * Follows the search version on PostgreSQL through `LISTEN search_version` (decision 0150): the
 * triggers of migration 0533 notify at commit, and each notification moves the version this
 * process announces, so a cached search answer is checked without a query. The version names
 * an epoch that changes on every (re)connection, so nothing stored before a gap is ever
 * served after it; while the connection is down the version is `null` and search reads it
 * from the database again. It reconnects every second until stopped.
 */
export class SearchVersionFeed {
  #client: pg.Client | null = null
  #epoch = ''
  #count = 0
  #stopped = true
  #retry: NodeJS.Timeout | null = null

  constructor(
    private connection: pg.ClientConfig,
    private announce: (version: string | null) => void,
    private retryMs = 1000
  ) {}

  get listening() {
    return this.#client !== null
  }

  async start() {
    this.#stopped = false
    await this.#connect()
  }

  async stop() {
    this.#stopped = true
    if (this.#retry) clearTimeout(this.#retry)
    this.#retry = null
    const client = this.#client
    this.#client = null
    this.announce(null)
    await client?.end().catch(() => {})
  }

  async #connect() {
    const client = new pg.Client(this.connection)
    client.on('error', () => this.#lost(client))
    client.on('end', () => this.#lost(client))
    // Listened to before LISTEN answers: a notification in the same packet is not missed.
    client.on('notification', () => {
      if (this.#client !== client) return
      this.#count++
      this.announce(`n:${this.#epoch}:${this.#count}`)
    })
    try {
      await client.connect()
      await client.query('LISTEN search_version')
    } catch (error) {
      logger.warn({ err: error }, 'search version feed: not listening, search reads the version')
      this.#lost(client)
      return
    }
    if (this.#stopped) return void client.end().catch(() => {})
    this.#epoch = randomUUID()
    this.#count = 0
    this.#client = client
    this.announce(`n:${this.#epoch}:0`)
  }

  #lost(client: pg.Client) {
    if (this.#client === client) {
      this.#client = null
      this.announce(null)
    }
    client.removeAllListeners('notification')
    void client.end().catch(() => {})
    if (this.#stopped || this.#retry) return
    this.#retry = setTimeout(() => {
      this.#retry = null
      if (!this.#stopped) void this.#connect()
    }, this.retryMs)
    this.#retry.unref()
  }
}
