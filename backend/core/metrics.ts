/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics"; docs/decisions/0141). One
 * registry in core so any module counts what it does without importing operations; the
 * operations module serves it at GET /api/metrics. Each instance exposes its own figures:
 * Prometheus scrapes every instance and sums.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry })

/** Request latency by route pattern (never the raw URL: ids would make a series each). */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency in seconds, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
})

export const jobRunDuration = new Histogram({
  name: 'job_run_duration_seconds',
  help: 'Scheduled job run duration in seconds, by job and outcome (ok or failed)',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
})

export const jobRunsTotal = new Counter({
  name: 'job_runs_total',
  help: 'Scheduled job runs this instance made, by job and outcome (ok or failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
})

export const payoutsTotal = new Counter({
  name: 'payouts_total',
  help: 'Carrier payouts attempted, by outcome (paid, failed, held)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
})

export const payoutCentsTotal = new Counter({
  name: 'payouts_paid_cents_total',
  help: 'Cents transferred to carriers by paid payouts',
  registers: [metricsRegistry],
})

export const freightClaimsTotal = new Counter({
  name: 'freight_claims_total',
  help: 'Freight board loads claimed by carriers',
  registers: [metricsRegistry],
})

/** The status label: its class (2xx, 4xx…), so each route has a handful of series at most. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other'
}

/** Records one request; `route` is the matched pattern, or null when no route matched. */
export function observeRequest(method: string, route: string | null, status: number, ms: number) {
  httpRequestDuration.observe(
    { method, route: route ?? '(unmatched)', status: statusClass(status) },
    ms / 1000
  )
}
