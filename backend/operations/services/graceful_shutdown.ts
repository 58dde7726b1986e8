/**
 * How a web process stops on SIGTERM (docs/operations.md, "Shutdown"; docs/decisions/0144 and
 * 0163), in this order:
 *
 * 1. **Drain** for `SHUTDOWN_DRAIN_MS`: `GET /api/ready` answers 503 at once, so a load
 *    balancer that checks it takes the instance out, while everything else is served as before
 *    (each answer with `Connection: close`, so clients and the balancer stop reusing
 *    connections to this instance).
 * 2. **Live streams end cleanly** (Transmit's server-sent events), each told to reconnect in
 *    `STREAM_RETRY_MS`: the browser's EventSource comes back through the balancer to a live
 *    instance, subscribes again, and the screen refetches what it shows.
 * 3. **The listening socket closes**: new connections are refused; requests in flight run to
 *    their answer; what is still open after `SHUTDOWN_GRACE_MS` is cut.
 *
 * This file holds no framework state: backend/bin/ignitor.ts runs it, the readiness probe
 * reads `isDraining()`.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/** The drain in production when SHUTDOWN_DRAIN_MS is unset (0 elsewhere, and under npm start). */
export const DEFAULT_DRAIN_MS = 5000
/** How long requests in flight get once the socket is closed (SHUTDOWN_GRACE_MS unset). */
export const DEFAULT_GRACE_MS = 10_000
/** The `retry:` an ended live stream carries: its client reconnects after this long. */
export const STREAM_RETRY_MS = 500
/** How often, once the socket is closed, idle keep-alive connections and late streams are ended. */
const SWEEP_MS = 100

let draining = false
let endDrain: (() => void) | null = null

/** Whether this process is shutting down (readiness answers 503 from the first moment). */
export function isDraining() {
  return draining
}

/** The drain and the grace from the environment (validated at boot by backend/start/env.ts). */
export function shutdownTimings(env: NodeJS.ProcessEnv = process.env) {
  const drain = env.SHUTDOWN_DRAIN_MS
  return {
    drainMs:
      drain !== undefined && drain !== ''
        ? Number(drain)
        : env.NODE_ENV === 'production'
          ? DEFAULT_DRAIN_MS
          : 0,
    graceMs: Number(env.SHUTDOWN_GRACE_MS) || DEFAULT_GRACE_MS,
  }
}

/** What the shutdown needs of a live-update stream (a Transmit `Stream`, a Transform). */
type LiveStream = { push(chunk: string): unknown; end(): unknown; writableEnded: boolean }

/**
 * Ends every live stream cleanly: a `retry:` field, then the end of the answer (not a reset
 * connection). Returns how many it ended.
 */
export function endLiveStreams(streams: Iterable<LiveStream>) {
  let ended = 0
  for (const stream of streams) {
    if (stream.writableEnded) continue
    stream.push(`retry: ${STREAM_RETRY_MS}\n\n`)
    stream.end()
    ended += 1
  }
  return ended
}

function closeAfterAnswer(_request: IncomingMessage, response: ServerResponse) {
  response.setHeader('Connection', 'close')
}

/** Ends the drain now (a second SIGTERM or Ctrl+C): the streams end and the socket closes. */
export function endDrainNow() {
  endDrain?.()
}

/**
 * Drains, ends the live streams, closes the listening socket and waits for the requests in
 * flight (see the top of this file). Runs once per process.
 */
export async function drainAndClose(
  server: Server,
  options: { drainMs: number; graceMs: number; liveStreams: () => Iterable<LiveStream> }
) {
  draining = true
  server.prependListener('request', closeAfterAnswer)
  if (options.drainMs > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.drainMs)
      endDrain = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }
  endDrain = null

  endLiveStreams(options.liveStreams())
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // A connection kept alive (its last answer went out after the close) or a stream opened on
  // one in the meantime would hold the close until the grace: end them as they come.
  const sweep = setInterval(() => {
    endLiveStreams(options.liveStreams())
    server.closeIdleConnections()
  }, SWEEP_MS)
  const cut = setTimeout(() => server.closeAllConnections(), options.graceMs)
  try {
    await closed
  } finally {
    clearInterval(sweep)
    clearTimeout(cut)
  }
}
