import { PalletlineClient, type PalletlineApi } from './api/client.js'
import { CliError, MissingTokenError, USAGE_EXIT_CODE } from './errors.js'
import type { UiStreams } from './ui/streams.js'

export const DEFAULT_URL = 'http://localhost:3333'

export interface CliDeps {
  stdout?: UiStreams['stdout']
  stderr?: UiStreams['stdout']
  stdin?: UiStreams['stdin']
  env?: Record<string, string | undefined>
  /** Tests pass a fake; the default talks HTTP. */
  createApi?: (options: { baseUrl: string; token?: string }) => PalletlineApi
}

export interface GlobalOptions {
  url?: string
  token?: string
}

/** What a command's action gets: resolved settings, the API client and the output streams. */
export class CommandContext {
  readonly baseUrl: string
  readonly io: UiStreams
  private readonly token: string | undefined
  private readonly stderr: UiStreams['stdout']
  private readonly createApi: NonNullable<CliDeps['createApi']>

  constructor(deps: CliDeps, globals: GlobalOptions) {
    const env = deps.env ?? process.env
    this.baseUrl = checkedUrl(globals.url || env.PALLETLINE_URL || DEFAULT_URL, globals.url)
    this.token = globals.token || env.PALLETLINE_TOKEN || undefined
    this.io = { stdout: deps.stdout ?? process.stdout, stdin: deps.stdin ?? process.stdin }
    this.stderr = deps.stderr ?? process.stderr
    this.createApi = deps.createApi ?? ((options) => new PalletlineClient(options))
  }

  /** The API client; every admin call needs the token, so it is checked here once. */
  api(): PalletlineApi {
    if (!this.token) throw new MissingTokenError()
    return this.createApi({ baseUrl: this.baseUrl, token: this.token })
  }

  /** For public endpoints: sends the token when there is one. */
  publicApi(): PalletlineApi {
    return this.createApi({ baseUrl: this.baseUrl, token: this.token })
  }

  /** A client acting as another user (its token), or as nobody (`undefined`). */
  apiAs(token: string | undefined): PalletlineApi {
    return this.createApi({ baseUrl: this.baseUrl, token })
  }

  print(text = ''): void {
    this.io.stdout.write(`${text}\n`)
  }

  printJson(value: unknown): void {
    this.print(JSON.stringify(value, null, 2))
  }

  /** Notes for a human (warnings, progress) go to stderr so stdout stays pipeable. */
  note(text = ''): void {
    this.stderr.write(`${text}\n`)
  }
}

/** The API's base URL, checked before any call: a typo is a usage error, not "cannot reach". */
function checkedUrl(value: string, fromFlag: string | undefined): string {
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliError(
      `${fromFlag ? '--url' : 'PALLETLINE_URL'} must be an http(s) URL such as ${DEFAULT_URL}, not "${value}".`,
      USAGE_EXIT_CODE
    )
  }
  return value.replace(/\/+$/, '')
}
