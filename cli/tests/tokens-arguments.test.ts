import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'ink-testing-library'
import { runCli } from '../src/main.js'
import { FakePalletlineApi } from './helpers/fake-api.js'
import { CapturedOutput, pipedInput, stripAnsi } from './helpers/streams.js'

async function run(argv: string[]) {
  const api = new FakePalletlineApi()
  const stdout = new CapturedOutput()
  const stderr = new CapturedOutput()
  const exitCode = await runCli(argv, {
    stdout,
    stderr,
    stdin: pipedInput,
    env: { PALLETLINE_TOKEN: 'plt_admin-token' },
    createApi: () => api,
  })
  return { api, exitCode, stdout: stripAnsi(stdout.text), stderr: stripAnsi(stderr.text) }
}

afterEach(() => cleanup())

describe('tokens create --days', () => {
  it('help tells the real default: 90 days, at most 365', async () => {
    const { stdout } = await run(['tokens', 'create', '--help'])
    expect(stdout).not.toMatch(/default: never/)
    expect(stdout).toMatch(/--days <n>[\s\S]*1 to 365[\s\S]*default 90/)
  })

  it.each(['999', '366', '0'])('--days %s is a usage error, before any call', async (days) => {
    const { api, exitCode, stderr } = await run([
      'tokens',
      'create',
      '--user',
      '3',
      '--name',
      'x',
      '--days',
      days,
    ])
    expect(exitCode).toBe(2)
    expect(api.calls).toEqual([])
    // one message, said once
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toMatch(/1 to 365/)
  })

  it('--days 365 is accepted', async () => {
    const { api, exitCode } = await run([
      'tokens',
      'create',
      '--user',
      '3',
      '--name',
      'x',
      '--days',
      '365',
    ])
    expect(exitCode).toBe(0)
    expect(api.callsTo('issueToken')).toEqual([[{ userId: 3, name: 'x', expiresInDays: 365 }]])
  })
})
