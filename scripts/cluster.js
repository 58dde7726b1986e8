/*
 * `npm run cluster`: N instances (2 by default) of the compiled server on PostgreSQL and Redis
 * behind nginx from Debian's packages, configured by deploy/nginx/palletline.conf. A local
 * rehearsal of the scaled-out deployment (docs/operations.md, "Deployments"): sessions,
 * throttling and live updates shared through Redis, the scheduler on every instance with one run
 * per tick. Ctrl+C (or SIGTERM) stops nginx and then each instance gracefully.
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
const instances = ports.map((port) => startInstance(env, port))
let nginx
try {
  console.log('▸ Checking the nginx configuration, starting nginx')
  nginx = startNginx({ prefix, listen, ports })
} catch (error) {
  for (const child of instances) child.kill('SIGTERM')
  fail(error.message)
}

let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  nginx.kill('SIGQUIT') // nginx's graceful stop
  await Promise.all(
    instances.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', resolve)
          child.kill('SIGTERM')
        })
    )
  )
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
for (const child of [nginx, ...instances]) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`✖ a process of the cluster exited (code ${code}); stopping the rest`)
      stop(1)
    }
  })
}

const url = `http://127.0.0.1:${listen}`
for (const port of ports) await waitReady(port)
console.log(`\nPalletLine: ${count} instances (ports ${ports.join(', ')}) behind nginx at ${url}`)
console.log('Readiness per instance: /api/ready on each port. Stop with Ctrl+C.\n')
