/** Events the drayage part of logistics emits. */

/** The empty container of a drayage move was returned: its charges are final. */
export type DrayageCompleted = { drayageMoveId: number }

/**
 * What happened to a move, after its commit (docs/decisions/0171): a carrier accepted it, gated
 * it out or returned the empty, the shipper cancelled it, or one of its appointments was
 * requested or changed (`appointment_<status>`).
 */
export type DrayageChanged = { drayageMoveId: number; change: string }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'drayage:completed': DrayageCompleted
    'drayage:changed': DrayageChanged
  }
}
