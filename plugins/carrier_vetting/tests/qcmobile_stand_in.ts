/**
 * A local stand-in for QCMobile's `GET /carriers/{dot}?webKey=...`, on node:http: answers
 * `{ content: { carrier } }` from a census-layout list, `content: null` for an unknown number,
 * 401 for a wrong key, and records each request.
 */
import http from 'node:http'
import type { RawCensusCarrier } from '../drivers/census_mapper.js'

export class QcMobileStandIn {
  requests: string[] = []
  /** the next answers' status, when a test wants the server to fail */
  failWith: number | null = null
  port = 0
  private server = http.createServer((req, res) => this.handle(req, res))

  constructor(
    private carriers: RawCensusCarrier[],
    private webKey = 'test-web-key'
  ) {}

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as { port: number }).port
    return this
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}/qc/services`
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    this.requests.push(`${req.method} ${url.pathname}${url.search}`)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (this.failWith) return send(this.failWith, { content: 'Service unavailable' })
    if (url.searchParams.get('webKey') !== this.webKey) {
      return send(401, { content: 'Webkey not found', retrievalDate: new Date().toISOString() })
    }
    const match = /^\/qc\/services\/carriers\/(\d+)$/.exec(url.pathname)
    if (!match || req.method !== 'GET') return send(404, { content: null })
    const carrier = this.carriers.find((c) => String(c.dotNumber) === match[1])
    send(200, {
      content: carrier ? { _links: {}, carrier } : null,
      retrievalDate: new Date().toISOString(),
    })
  }
}
