import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'

/** A change to how an account is reached, which a thief who took it over would make first. */
export type ContactChange = {
  userId: number
  kind: 'email' | 'phone'
  /** the address the notice goes to: the email on file before the change */
  noticeTo: string
  at: DateTime
}

/**
 * What accounts tells payments when a user's email or phone changes, so a carrier's payouts are
 * held for a while (docs/decisions/0098). Payments depends on accounts, so accounts speaks
 * through this contract and payments implements it (bound in backend/start/bindings.ts). Runs
 * inside the transaction that saves the change; answers until when payouts are held, or null
 * (not a carrier).
 */
export abstract class AccountChangeGuard {
  abstract contactChanged(
    trx: TransactionClientContract,
    change: ContactChange
  ): Promise<{ payoutsHeldUntil: DateTime } | null>
}
