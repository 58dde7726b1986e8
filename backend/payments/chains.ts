import type { ChainDefinition } from '#core/hash_chain'

/** The money ledger: every charge, release, payout and refund line (docs/decisions/0044). */
export const LEDGER_CHAIN: ChainDefinition = {
  chain: 'ledger_entries',
  table: 'ledger_entries',
  columns: ['id', 'booking_id', 'txn', 'kind', 'account', 'amount_cents', 'memo', 'created_at'],
  timestamps: ['created_at'],
}

/** Who was shown a carrier's identity, and when (docs/decisions/0041). */
export const REVEAL_CHAIN: ChainDefinition = {
  chain: 'identity_reveal_log',
  table: 'identity_reveal_log',
  columns: ['id', 'booking_id', 'viewer_id', 'viewer_role', 'viewed_at'],
  timestamps: ['viewed_at'],
  // An admin's deliberate reveal gives its reason (decision 0186); other reveals have none.
  // The company member who saw it, beside the company (decision 0223).
  optional: ['reason', 'actor_user_id'],
}

/** Every step of every cargo claim: filed, answered, accepted, escalated, decided, settled (0233). */
export const CLAIM_CHAIN: ChainDefinition = {
  chain: 'cargo_claim_audits',
  table: 'cargo_claim_audits',
  columns: [
    'id',
    'claim_id',
    'actor_id',
    'actor_role',
    'action',
    'status',
    'amount_cents',
    'note',
    'created_at',
  ],
  timestamps: ['created_at'],
  // The company member who took the step, beside the company (decision 0246).
  optional: ['actor_user_id'],
}

export const CHAINS = [LEDGER_CHAIN, REVEAL_CHAIN, CLAIM_CHAIN] as const
