/*
 * `npm run cluster`: N instances (2 by default) of the compiled server on PostgreSQL and Redis
 * behind nginx from Debian's packages, configured by deploy/nginx/palletline.conf. A local
 * rehearsal of the scaled-out deployment (docs/operations.md, "Deployments"): sessions,
 * throttling and live updates shared through Redis, the scheduler on every instance with one run
 * per tick. A process that exits (an instance, nginx) is started again after a backoff while the
 * others keep serving (scripts/supervisor.js). Ctrl+C (or SIGTERM) stops nginx and each instance
 * gracefully, and exits.
 *
 *   CLUSTER_PORT (8080)  where nginx listens; instances on CLUSTER_PORT+1…
 *   CLUSTER_INSTANCES (2), PG_DB_NAME (palletline_cluster), PG_HOST/PG_USER/PG_PASSWORD,
 *   REDIS_HOST/REDIS_PORT (127.0.0.1:6379), DEMO_SEED=false to skip the demo data.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  clusterEnv,
  missingPrerequisite,
  prepareDatabase,
  root,
  startInstance,
  startNginx,
  waitReady,
} from './cluster_setup.js'
import { stopOnSignals, Supervisor } from './supervisor.js'

process.chdir(root)
const listen = Number(process.env.CLUSTER_PORT ?? 8080)
const count = Number(process.env.CLUSTER_INSTANCES ?? 2)
const prefix = join(root, 'tmp/cluster')
mkdirSync(prefix, { recursive: true })

function fail(message) {
  console.error(`✖ ${message}`)
  process.exit(1)
}

const missing = missingPrerequisite()
if (missing) fail(`${missing}, then run npm run cluster again`)

// One key for every instance (sessions and signed cookies must verify on each), kept between runs.
const keyFile = join(prefix, 'app_key')
if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'))
const env = clusterEnv({ listen, appKey: readFileSync(keyFile, 'utf8').trim() })

try {
  prepareDatabase(env, { seed: env.DEMO_SEED !== 'false' })
} catch (error) {
  fail(error.message)
}

const ports = Array.from({ length: count }, (_, i) => listen + 1 + i)
// Each process is kept running: one that exits is started again after a backoff (0.5 s doubling
// to 10 s) while the others serve, and nginx skips a dead instance (docs/decisions/0163).
const supervisor = new Supervisor()
for (const port of ports) supervisor.add(`instance ${port}`, () => startInstance(env, port))
try {
  console.log('▸ Checking the nginx configuration, starting nginx')
  // SIGQUIT: nginx's graceful stop (it stops listening, finishes what it is proxying).
  supervisor.add('nginx', () => startNginx({ prefix, listen, ports }), { stopSignal: 'SIGQUIT' })
} catch (error) {
  await supervisor.stop()
  fail(error.message)
}
stopOnSignals(supervisor)

// Until every instance is ready, an exit is a failure to start (a port taken, a bad setting):
// stop, rather than start it again and again.
let up = false
supervisor.on('exit', async ({ name, code, signal, delay }) => {
  if (up || delay === null) return
  await supervisor.stop()
  fail(`${name} exited while the cluster was starting (${signal ?? `code ${code}`})`)
})

const url = `http://127.0.0.1:${listen}`
for (const port of ports) {
  if (!(await waitReady(port))) {
    await supervisor.stop()
    fail(`instance ${port} was not ready within a minute`)
  }
}
up = true
console.log(`\nPalletLine: ${count} instances (ports ${ports.join(', ')}) behind nginx at ${url}`)
console.log('An instance that exits is started again. Readiness per instance: /api/ready on each')
console.log('port. Stop everything with Ctrl+C.\n')
