import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

const prefix = randomBytes(5).toString('hex')
let counter = 0
const ACCEPTED = /^[\w.:-]{1,128}$/

/**
 * Gives every request an id before AdonisJS sees it: the caller's `X-Request-Id` when it is a
 * sane token (a load balancer's), else this process's random prefix and a counter. AdonisJS
 * would otherwise hash a fresh cuid2 per request; uniqueness across processes is all a log
 * needs.
 */
export function withRequestIds(handler: (req: IncomingMessage, res: ServerResponse) => unknown) {
  return createServer((req, res) => {
    const given = req.headers['x-request-id']
    if (typeof given !== 'string' || !ACCEPTED.test(given)) {
      counter = (counter + 1) % Number.MAX_SAFE_INTEGER
      req.headers['x-request-id'] = `${prefix}-${counter.toString(36)}`
    }
    handler(req, res)
  })
}
