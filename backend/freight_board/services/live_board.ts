import transmit from '@adonisjs/transmit/services/main'
import type { FreightBoardChange } from '#freight_board/events'

/** Approved carriers' boards (authorized in backend/start/transmit.ts). */
export const BOARD_CHANNEL = 'freight/board'
/** The featured loads on /overview: anyone. */
export const PUBLIC_CHANNEL = 'freight/public'

/**
 * Tells every open board a load changed: `{ type, id }` only (never the shipper); the
 * board refetches. The 30-second poll stays as the fallback.
 */
export function pushBoardChange(change: FreightBoardChange) {
  const payload = { type: change.type, id: change.id }
  transmit.broadcast(BOARD_CHANNEL, payload)
  transmit.broadcast(PUBLIC_CHANNEL, payload)
}
