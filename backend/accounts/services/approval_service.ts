import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { NotFoundException, ConflictException } from '#core/exceptions/http_errors'

export type PendingUser = {
  id: number
  firstName: string | null
  lastName: string | null
  email: string
  role: string
  phone: string | null
  createdAt: string
  /** carriers.id of a carrier's company; null for shippers */
  carrierId: number | null
  companyName: string | null
  dotNumber: string | null
  mcNumber: string | null
}

/** Admin review of new accounts: who decided, and when. */
@inject()
export default class ApprovalService {
  constructor(private carrierProfiles: CarrierProfileService) {}

  async listPending(limit = 200): Promise<PendingUser[]> {
    const users = await User.query()
      .where('approvalStatus', 'pending')
      .whereNot('role', 'admin')
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
    const profiles = await this.carrierProfiles.findByUserIds(users.map((u) => u.id))
    return users.map((u) => {
      const carrier = profiles.get(u.id)
      return {
        id: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        role: u.role,
        phone: u.phone,
        createdAt: u.createdAt.toISO()!,
        carrierId: carrier?.id ?? null,
        companyName: carrier?.companyName ?? null,
        dotNumber: carrier?.dotNumber ?? null,
        mcNumber: carrier?.mcNumber ?? null,
      }
    })
  }

  async decide(userId: number, approve: boolean, reviewer: User): Promise<User> {
    const user = await User.find(userId)
    if (!user) throw new NotFoundException('User not found')
    if (user.role === 'admin') throw new ConflictException('Admin accounts are not reviewed')
    user.merge({
      isApproved: approve,
      approvalStatus: approve ? 'approved' : 'rejected',
      reviewedBy: reviewer.id,
      reviewedAt: DateTime.now(),
    })
    await user.save()
    await emitter.emit(approve ? 'account:approved' : 'account:rejected', {
      userId: user.id,
      reviewerId: reviewer.id,
    })
    return user
  }

  /**
   * Suspends an approved account: it keeps its data but loses its role's area, like an
   * unapproved one (docs/decisions/0092). Answers whether this call suspended it.
   */
  async suspend(userId: number, reason: string): Promise<boolean> {
    const user = await User.find(userId)
    if (!user || user.approvalStatus !== 'approved') return false
    user.merge({ isApproved: false, approvalStatus: 'suspended', reviewedAt: DateTime.now() })
    await user.save()
    await emitter.emit('account:suspended', { userId: user.id, reason })
    return true
  }
}
