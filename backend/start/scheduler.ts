/*
 * Scheduled work inside the web process (docs/operations.md, "Scheduled work"): `npm start`
 * turns it on with SCHEDULER_ENABLED=true. Any number of instances may enable it; each tick of
 * a job runs on one of them (docs/decisions/0140). Deployments that prefer a process of its own
 * leave it off and run `node ace scheduler:run`. The jobs are in backend/start/jobs.ts.
 */
import env from '#start/env'
import { startScheduler } from '#operations/services/scheduler'

if (env.get('SCHEDULER_ENABLED')) await startScheduler()
