/**
 * A drayage move's states (docs/decisions/0121): OPEN until a DRAY carrier accepts it,
 * ACCEPTED until the container leaves the terminal (gate-out), OUT_GATED while the customer
 * has it, EMPTY_RETURNED once the empty is back (the move is complete); CANCELLED by its
 * shipper before gate-out (docs/decisions/0147).
 */
export const DRAYAGE_STATUSES = [
  'OPEN',
  'ACCEPTED',
  'OUT_GATED',
  'EMPTY_RETURNED',
  'CANCELLED',
] as const
export type DrayageStatus = (typeof DRAYAGE_STATUSES)[number]

/** The move's step a carrier records, and the state it needs first. */
export const DRAYAGE_STEPS = {
  accept: { from: 'OPEN', to: 'ACCEPTED' },
  gateOut: { from: 'ACCEPTED', to: 'OUT_GATED' },
  emptyReturn: { from: 'OUT_GATED', to: 'EMPTY_RETURNED' },
} as const satisfies Record<string, { from: DrayageStatus; to: DrayageStatus }>

export type DrayageStep = keyof typeof DRAYAGE_STEPS

/** Moves whose charges may still grow: the daily run recomputes these. */
/** Before gate-out the shipper may still cancel (an accepted move with a reason). */
export const CANCELLABLE_STATUSES: DrayageStatus[] = ['OPEN', 'ACCEPTED']

export const RUNNING_STATUSES: DrayageStatus[] = ['OPEN', 'ACCEPTED', 'OUT_GATED']

/** A move's reference as people see it: DRY-001. */
export const drayageReference = (id: number) => `DRY-${String(id).padStart(3, '0')}`
