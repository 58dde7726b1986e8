/*
 * `npm run dev`: the API on :3333, restarted by node --watch on change, and the Vite dev
 * server on :5173 (proxying /api to the API). Migrates and seeds first, like `npm start`.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

process.chdir(new URL('..', import.meta.url).pathname)
mkdirSync('tmp', { recursive: true })
if (!existsSync('.env')) {
  writeFileSync('.env', `NODE_ENV=development\nAPP_KEY=${randomBytes(32).toString('base64url')}\n`)
}
const env = { ...process.env, NODE_ENV: 'development', PORT: process.env.PORT ?? '3333' }

for (const args of [
  ['ace', 'migration:run', '--compact-output'],
  ['ace', 'db:seed', '--files', 'database/seeders/demo_seeder.ts'],
]) {
  const r = spawnSync('node', args, { stdio: 'inherit', env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const children = [
  spawn(
    'node',
    [
      '--watch-path=backend',
      '--watch-path=plugins',
      '--import=@poppinss/ts-exec',
      'backend/bin/server.js',
    ],
    { stdio: 'inherit', env }
  ),
  spawn('npx', ['vite', '--config', 'frontend/vite.config.ts'], { stdio: 'inherit', env }),
]
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
    process.exit(0)
  })
}
