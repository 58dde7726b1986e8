/**
 * Readiness (GET /api/ready, docs/operations.md "Readiness"): can this instance serve traffic
 * now? The database answers a query, and Redis answers a PING when the deployment uses it.
 * Liveness (GET /api/health) stays a constant answer: a load balancer takes an instance out of
 * rotation on readiness, an orchestrator restarts it on liveness.
 */
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import { deploymentUsesRedis, redisConfigured } from '#core/invalidation_bus'

export type CheckResult = { name: string; ok: boolean; ms: number; error?: string }

/** Each check gives up after this long, so a hung dependency reads as down, not as a hang. */
export const CHECK_TIMEOUT_MS = 2000

export { redisConfigured }

/** Runs a check with a deadline; never throws. */
export async function runCheck(
  name: string,
  probe: () => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS
): Promise<CheckResult> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([probe(), deadline])
    return { name, ok: true, ms: Math.round(performance.now() - started) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { name, ok: false, ms: Math.round(performance.now() - started), error: message }
  } finally {
    clearTimeout(timer)
  }
}

/** The checks this deployment needs, run at once. */
export async function readiness(): Promise<{ ready: boolean; checks: CheckResult[] }> {
  const probes: [string, () => Promise<unknown>][] = [['database', () => db.rawQuery('select 1')]]
  if (deploymentUsesRedis()) probes.push(['redis', () => redis.connection('main').ping()])
  const checks = await Promise.all(probes.map(([name, probe]) => runCheck(name, probe)))
  return { ready: checks.every((check) => check.ok), checks }
}
