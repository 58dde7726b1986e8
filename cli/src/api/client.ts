/** Typed client of the marketplace REST API, authenticated by an admin bearer token. */

export interface UserProfile {
  id: number
  email: string
  role: string
  firstName: string | null
  lastName: string | null
  isApproved?: boolean
  approvalStatus?: string
  createdAt?: string
}

export interface PendingUser {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  role: string
  phone: string | null
  createdAt: string
  companyName: string | null
  dotNumber: string | null
  mcNumber: string | null
}

export interface AccessTokenSummary {
  id: number
  userId: number
  name: string | null
  lastUsedAt: string | null
  expiresAt: string | null
  createdAt: string
}

export interface IssuedAccessToken {
  id: number
  userId: number
  name: string | null
  expiresAt: string | null
  createdAt: string
  /** The secret, returned by this call only. */
  token: string
}

export interface IssueTokenInput {
  userId: number
  name: string
  expiresInDays?: number
}

export interface HealthStatus {
  status: string
}

/** One tamper-evident chain as `GET /api/admin/audit/verify` reports it. */
export interface ChainStatus {
  chain: string
  ok: boolean
  rows: number
  /** The first row whose link fails; null when the chain holds or only its tail is missing. */
  brokenRowId: number | null
  reason: string | null
}

export interface AuditVerification {
  chains: ChainStatus[]
}

/** Ledger totals over every booking, in integer cents. */
export interface ReconciliationTotals {
  chargedCents: number
  payoutCents: number
  platformShareCents: number
  refundedCents: number
  /** still held for bookings not yet released or refunded */
  escrowCents: number
  /** released to carriers but not yet transferred */
  payableCents: number
}

export interface ReconciliationProblem {
  /** null for a ledger transaction that does not balance (then `reference` is its key) */
  bookingId: number | null
  reference: string
  problem: string
}

/** `GET /api/admin/payments/reconciliation`: the ledger against every booking. */
export interface ReconciliationReport {
  bookings: number
  transactions: number
  totals: ReconciliationTotals
  /** every problem found; `problems` lists the first 500 */
  problemCount: number
  problems: ReconciliationProblem[]
}

/** What commands need from the API; tests implement it with a fake. */
export interface PalletlineApi {
  health(): Promise<HealthStatus>
  currentUser(): Promise<UserProfile>
  pendingUsers(): Promise<PendingUser[]>
  approveUser(userId: number, isApproved: boolean): Promise<UserProfile>
  listTokens(userId?: number): Promise<AccessTokenSummary[]>
  issueToken(input: IssueTokenInput): Promise<IssuedAccessToken>
  revokeToken(userId: number, tokenId: number): Promise<void>
  verifyAudit(): Promise<AuditVerification>
  reconcilePayments(): Promise<ReconciliationReport>
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

  approveUser(userId: number, isApproved: boolean): Promise<UserProfile> {
    return this.request('PUT', `/api/admin/users/${userId}/approve`, { isApproved })
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

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.token) headers.authorization = `Bearer ${this.token}`
    if (body !== undefined) headers['content-type'] = 'application/json'

    let response: Response
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
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
