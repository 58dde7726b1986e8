import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import { metricsRegistry } from '#core/metrics'
import { readiness } from '#operations/services/readiness'
import { isDraining } from '#operations/services/graceful_shutdown'
import { metricsAccess } from '#operations/services/metrics_access'

/** Readiness and Prometheus metrics (docs/operations.md, "Readiness" and "Metrics"). */
export default class ProbesController {
  /**
   * GET /api/ready: 200 when every check passes, 503 naming the ones that failed, and 503 from
   * the first moment of a shutdown, without checking (docs/operations.md, "Shutdown").
   */
  async ready({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    if (isDraining()) {
      return response.serviceUnavailable({
        status: 'unavailable',
        message: 'Not ready: shutting down',
        checks: [],
      })
    }
    const { ready, checks } = await readiness()
    if (ready) return response.ok({ status: 'ready', checks })
    const failed = checks.filter((check) => !check.ok).map((check) => check.name)
    return response.serviceUnavailable({
      status: 'unavailable',
      message: `Not ready: ${failed.join(' and ')} unreachable`,
      checks,
    })
  }

  /** GET /api/metrics: the Prometheus text format, for a bearer of METRICS_TOKEN. */
  async metrics({ request, response }: HttpContext) {
    const access = metricsAccess(env.get('METRICS_TOKEN'), request.header('authorization'))
    if (access === 'disabled') {
      return response.notFound({ message: 'Metrics are off: set METRICS_TOKEN to turn them on' })
    }
    if (access !== 'granted') {
      response.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return response.unauthorized({
        message:
          access === 'missing'
            ? 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>'
            : 'The metrics token is not valid',
      })
    }
    response.header('Content-Type', metricsRegistry.contentType)
    response.header('Cache-Control', 'no-store')
    return response.send(await metricsRegistry.metrics())
  }
}
