/** Typed client of the marketplace REST API, authenticated by an admin bearer token. */

import type { paths } from '../../../contract/api.js'

/*
 * The API's shapes, generated from the contract (docs/openapi.json → contract/api.d.ts, `npm run
 * api:types`): a shape the contract changes stops type-checking here, in the commands and in the
 * tests' fake API until the CLI follows.
 */
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
type ResponseOf<
  P extends keyof paths,
  M extends keyof paths[P],
  S extends number = 200,
> = paths[P][M] extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never
type RequestOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B
}
  ? Json<NonNullable<B>>
  : never

// Never null: the CLI does not send X-Allow-Anonymous, so a bad token is a 401.
export type UserProfile = NonNullable<ResponseOf<'/api/user', 'get'>>
export type PendingUser = ResponseOf<'/api/admin/users/pending', 'get'>[number]
export type AccessTokenSummary = ResponseOf<'/api/admin/tokens', 'get'>[number]
/** The token with its secret, returned by the issuing call only. */
export type IssuedAccessToken = ResponseOf<'/api/admin/tokens', 'post', 201>
export type IssueTokenInput = RequestOf<'/api/admin/tokens', 'post'>
export type HealthStatus = ResponseOf<'/api/health', 'get'>
/** `GET /api/admin/audit/verify`: every tamper-evident chain. */
export type AuditVerification = ResponseOf<'/api/admin/audit/verify', 'get'>
export type ChainStatus = AuditVerification['chains'][number]
/** `GET /api/admin/payments/reconciliation`: the ledger against every booking, in cents. */
export type ReconciliationReport = ResponseOf<'/api/admin/payments/reconciliation', 'get'>
export type ReconciliationTotals = ReconciliationReport['totals']
export type ReconciliationProblem = ReconciliationReport['problems'][number]

/** What commands need from the API; tests implement it with a fake. */
export interface PalletlineApi {
  health(): Promise<HealthStatus>
  currentUser(): Promise<UserProfile>
  pendingUsers(): Promise<PendingUser[]>
  /** `reason`: why a carrier whose vetting failed is approved anyway (the API then requires it). */
  approveUser(userId: number, isApproved: boolean, reason?: string): Promise<UserProfile>
  listTokens(userId?: number): Promise<AccessTokenSummary[]>
  issueToken(input: IssueTokenInput): Promise<IssuedAccessToken>
  revokeToken(userId: number, tokenId: number): Promise<void>
  verifyAudit(): Promise<AuditVerification>
  reconcilePayments(): Promise<ReconciliationReport>
  /**
   * Any other call (the operator reads in operator.ts, the seed's calls as another user); a
   * FormData body is sent as multipart (the carrier's proof of delivery).
   */
  send<T>(method: string, path: string, body?: unknown): Promise<T>
}

/** A non-OK response; `message` reads `<status>: <server message>`. */
export class ApiError extends Error {
  readonly status: number
  readonly serverMessage: string

  constructor(status: number, serverMessage: string) {
    super(`${status}: ${serverMessage}`)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
  }
}

/** The server could not be reached at all (DNS, refused connection, timeout). */
export class ApiUnreachableError extends Error {
  constructor(baseUrl: string, reason: string) {
    super(`Cannot reach ${baseUrl}: ${reason}`)
    this.name = 'ApiUnreachableError'
  }
}

export interface ApiClientOptions {
  baseUrl: string
  token?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

interface ErrorBody {
  message?: unknown
  errors?: unknown
}

export class PalletlineClient implements PalletlineApi {
  readonly baseUrl: string
  private readonly token: string | undefined
  private readonly timeoutMs: number
  private readonly fetchImpl: typeof fetch

  constructor(options: ApiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
    this.token = options.token
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.fetchImpl = options.fetch ?? globalThis.fetch
  }

  health(): Promise<HealthStatus> {
    return this.request('GET', '/api/health')
  }

  currentUser(): Promise<UserProfile> {
    return this.request('GET', '/api/user')
  }

  pendingUsers(): Promise<PendingUser[]> {
    return this.request('GET', '/api/admin/users/pending')
  }

  approveUser(userId: number, isApproved: boolean, reason?: string): Promise<UserProfile> {
    const body = reason === undefined ? { isApproved } : { isApproved, reason }
    return this.request('PUT', `/api/admin/users/${userId}/approve`, body)
  }

  listTokens(userId?: number): Promise<AccessTokenSummary[]> {
    const query = userId === undefined ? '' : `?userId=${encodeURIComponent(String(userId))}`
    return this.request('GET', `/api/admin/tokens${query}`)
  }

  issueToken(input: IssueTokenInput): Promise<IssuedAccessToken> {
    return this.request('POST', '/api/admin/tokens', input)
  }

  async revokeToken(userId: number, tokenId: number): Promise<void> {
    await this.request('DELETE', `/api/admin/tokens/${userId}/${tokenId}`)
  }

  verifyAudit(): Promise<AuditVerification> {
    return this.request('GET', '/api/admin/audit/verify')
  }

  reconcilePayments(): Promise<ReconciliationReport> {
    return this.request('GET', '/api/admin/payments/reconciliation')
  }

  send<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.request(method, path, body)
  }

  /** A FormData body goes as multipart (an upload); anything else as JSON. */
  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.token) headers.authorization = `Bearer ${this.token}`
    const multipart = body instanceof FormData
    if (body !== undefined && !multipart) headers['content-type'] = 'application/json'

    let response: Response
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw new ApiUnreachableError(this.baseUrl, describeNetworkFailure(error))
    }

    const text = await response.text()
    if (!response.ok) throw new ApiError(response.status, errorMessageOf(text, response.statusText))
    if (text === '') return undefined as T
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ApiError(
        response.status,
        `expected JSON from ${method} ${path}, got: ${text.slice(0, 80)}`
      )
    }
  }
}

/** `{message, errors:[{field, message}]}` → one line; falls back to the status text. */
export function errorMessageOf(text: string, statusText: string): string {
  let body: ErrorBody
  try {
    body = JSON.parse(text) as ErrorBody
  } catch {
    return text.trim().slice(0, 200) || statusText || 'request failed'
  }
  const message = typeof body?.message === 'string' ? body.message : ''
  const fieldErrors = Array.isArray(body?.errors)
    ? body.errors
        .map((entry: { field?: unknown; message?: unknown }) => {
          if (typeof entry?.message !== 'string') return ''
          return typeof entry.field === 'string'
            ? `${entry.field}: ${entry.message}`
            : entry.message
        })
        .filter(Boolean)
        .join('; ')
    : ''
  if (message && fieldErrors) return `${message} (${fieldErrors})`
  return message || fieldErrors || statusText || 'request failed'
}

function describeNetworkFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'request timed out'
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
    if (typeof cause?.code === 'string') return cause.code
    if (typeof cause?.message === 'string') return cause.message
    return error.message
  }
  return String(error)
}
