import type {
  AccessTokenSummary,
  AuditVerification,
  HealthStatus,
  IssueTokenInput,
  IssuedAccessToken,
  PalletlineApi,
  PendingUser,
  ReconciliationReport,
  UserProfile,
} from '../../src/api/client.js'

type Call = { method: keyof PalletlineApi; args: unknown[] }

export const admin: UserProfile = {
  id: 1,
  username: 'ops@palletline.test',
  email: 'ops@palletline.test',
  role: 'admin',
  firstName: 'Olivia',
  lastName: 'Ops',
  phone: null,
  isApproved: true,
  approvalStatus: 'approved',
  reviewedAt: null,
  reviewedBy: null,
  termsAcceptedAt: '2025-01-20T09:00:00.000Z',
  termsVersion: '2025-01-15',
  termsHash: null,
  createdAt: '2025-01-20T09:00:00.000Z',
  updatedAt: '2025-01-20T09:00:00.000Z',
  twoFactorEnabled: true,
}

export const pendingCarrier: PendingUser = {
  id: 5,
  firstName: 'Carl',
  lastName: 'Hauler',
  email: 'carl@midwest-haul.test',
  role: 'carrier',
  phone: '+1 555 0100',
  createdAt: '2025-03-14T09:30:00.000Z',
  companyName: 'Midwest Haul LLC',
  dotNumber: '1234567',
  mcNumber: 'MC-765432',
  carrierId: 3,
  carrierVetting: null,
}

export const pendingShipper: PendingUser = {
  id: 7,
  firstName: 'Sasha',
  lastName: 'Shipper',
  email: 'sasha@acme-goods.test',
  role: 'shipper',
  phone: null,
  createdAt: '2025-03-15T17:05:00.000Z',
  companyName: null,
  dotNumber: null,
  mcNumber: null,
  carrierId: null,
  carrierVetting: null,
}

/** In-memory stand-in for the REST API; records every call, fails on demand. */
export class FakePalletlineApi implements PalletlineApi {
  calls: Call[] = []
  pending: PendingUser[] = [pendingCarrier, pendingShipper]
  tokens: AccessTokenSummary[] = [
    {
      id: 11,
      userId: 1,
      name: 'operator laptop',
      lastUsedAt: '2025-03-16T08:00:00.000Z',
      expiresAt: null,
      abilities: ['*'],
      createdAt: '2025-03-01T00:00:00.000Z',
    },
  ]
  failure: Error | null = null

  private record(method: keyof PalletlineApi, ...args: unknown[]): void {
    this.calls.push({ method, args })
    if (this.failure) throw this.failure
  }

  callsTo(method: keyof PalletlineApi): unknown[][] {
    return this.calls.filter((call) => call.method === method).map((call) => call.args)
  }

  async health(): Promise<HealthStatus> {
    this.record('health')
    return { status: 'ok' }
  }

  async currentUser(): Promise<UserProfile> {
    this.record('currentUser')
    return admin
  }

  async pendingUsers(): Promise<PendingUser[]> {
    this.record('pendingUsers')
    return this.pending
  }

  async approveUser(userId: number, isApproved: boolean, reason?: string): Promise<UserProfile> {
    this.record('approveUser', userId, isApproved, ...(reason === undefined ? [] : [reason]))
    const user = this.pending.find((candidate) => candidate.id === userId) ?? pendingCarrier
    return {
      ...admin,
      id: userId,
      username: user.email,
      email: user.email,
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      isApproved,
      approvalStatus: isApproved ? 'approved' : 'rejected',
      reviewedAt: '2025-03-16T10:00:00.000Z',
      reviewedBy: admin.id,
      createdAt: user.createdAt,
    }
  }

  async listTokens(userId?: number): Promise<AccessTokenSummary[]> {
    this.record('listTokens', userId)
    return this.tokens
  }

  async issueToken(input: IssueTokenInput): Promise<IssuedAccessToken> {
    this.record('issueToken', input)
    return {
      id: 12,
      userId: input.userId,
      name: input.name,
      lastUsedAt: null,
      expiresAt: input.expiresInDays ? '2025-04-15T00:00:00.000Z' : null,
      abilities: ['*'],
      createdAt: '2025-03-16T00:00:00.000Z',
      token: 'plt_secret-value-shown-once',
    }
  }

  async revokeToken(userId: number, tokenId: number): Promise<void> {
    this.record('revokeToken', userId, tokenId)
  }

  async verifyAudit(): Promise<AuditVerification> {
    this.record('verifyAudit')
    return { chains: [] }
  }

  async reconcilePayments(): Promise<ReconciliationReport> {
    this.record('reconcilePayments')
    return {
      bookings: 0,
      transactions: 0,
      totals: {
        chargedCents: 0,
        payoutCents: 0,
        platformShareCents: 0,
        refundedCents: 0,
        escrowCents: 0,
        payableCents: 0,
        recoveryDeductedCents: 0,
        recoveryAdvancedCents: 0,
        recoveryOutstandingCents: 0,
      },
      problemCount: 0,
      problems: [],
    }
  }

  async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    this.record('send', method, path, body)
    throw new Error(`the fake API does not answer ${method} ${path}`)
  }
}
