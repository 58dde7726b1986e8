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
  optional: ['reason'],
}

export const CHAINS = [LEDGER_CHAIN, REVEAL_CHAIN] as const
