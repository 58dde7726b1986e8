import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runCli } from '../../src/main.js'
import { CapturedOutput, pipedInput, stripAnsi, type FakeTerminalInput } from './streams.js'

export type Reply = { status: number; body: unknown }
export type Seen = { method: string; url: string; authorization?: string; body: string }

/**
 * A local server answering what the API answers: `replies['GET /path?query']` (exact URL), or a
 * function of the request for anything dynamic. Records every request.
 */
export class StubApi {
  replies: Record<string, Reply | ((seen: Seen) => Reply)> = {}
  seen: Seen[] = []
  baseUrl = ''
  private server: Server | null = null

  async listen(): Promise<void> {
    this.server = createServer(async (request, response) => {
      let body = ''
      for await (const chunk of request) body += chunk
      const seen: Seen = {
        method: request.method ?? 'GET',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      }
      this.seen.push(seen)
      const entry = this.replies[`${seen.method} ${seen.url}`]
      const reply = typeof entry === 'function' ? entry(seen) : entry
      const { status, body: replyBody } = reply ?? { status: 404, body: { message: 'Not found' } }
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(replyBody))
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  reset(): void {
    this.replies = {}
    this.seen = []
  }

  /** The requests as `METHOD url`, in order. */
  requests(): string[] {
    return this.seen.map((entry) => `${entry.method} ${entry.url}`)
  }

  /** Runs the CLI against this server with an admin token; stdin is a pipe unless given. */
  run(argv: string[]) {
    return this.launch(argv).result()
  }

  /** Starts the CLI and hands back its live output, for prompts answered mid-run. */
  launch(argv: string[], stdin: FakeTerminalInput | typeof pipedInput = pipedInput) {
    const stdout = new CapturedOutput()
    const stderr = new CapturedOutput()
    const running = runCli(argv, {
      stdout,
      stderr,
      stdin,
      env: { PALLETLINE_URL: this.baseUrl, PALLETLINE_TOKEN: 'plt_admin-token' },
    })
    return {
      stdout,
      result: async () => {
        const exitCode = await running
        return { exitCode, stdout: stripAnsi(stdout.text), stderr: stripAnsi(stderr.text) }
      },
    }
  }
}

export const ok = (body: unknown): Reply => ({ status: 200, body })

export const meta = (total: number, currentPage = 1, perPage = 20) => ({
  total,
  perPage,
  currentPage,
  lastPage: Math.max(1, Math.ceil(total / perPage)),
})
