import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'

/** `node ace <args>` in a process of its own, with these variables: exit code and output. */
export function runAce(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['ace.js', ...args], {
      cwd: app.makePath(),
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}
