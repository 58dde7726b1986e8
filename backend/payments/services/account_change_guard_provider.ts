import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AccountChangeGuard, type ContactChange } from '#accounts/contracts/account_changes'
import PayoutHoldService from '#payments/services/payout_hold_service'

/** Accounts' `AccountChangeGuard`: a carrier user's new email or phone holds its payouts. */
@inject()
export default class AccountChangeGuardProvider extends AccountChangeGuard {
  constructor(private holds: PayoutHoldService) {
    super()
  }

  async contactChanged(trx: TransactionClientContract, change: ContactChange) {
    const until = await this.holds.holdForUser(trx, change.userId, change.kind, change.noticeTo)
    return until ? { payoutsHeldUntil: until } : null
  }
}
