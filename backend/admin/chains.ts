import type { ChainDefinition } from '#core/hash_chain'

/**
 * Every admin action on a user account, with its reason (docs/decisions/0210): hash-chained
 * like the ledger and the reveal log (decision 0044), verified with them.
 */
export const ADMIN_AUDIT_CHAIN: ChainDefinition = {
  chain: 'admin_audit_log',
  table: 'admin_audit_log',
  columns: [
    'id',
    'admin_user_id',
    'confirmed_by',
    'target_user_id',
    'action',
    'reason',
    'detail',
    'created_at',
  ],
  timestamps: ['created_at'],
}
