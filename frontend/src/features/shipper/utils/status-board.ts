/** The Shipment Status Overview shows at most this many cards per column. */
export const CARDS_PER_COLUMN = 3

export type BoardColumnId = 'booked' | 'in_transit' | 'delayed' | 'delivered'

export const BOARD_COLUMNS: { id: BoardColumnId; title: string }[] = [
  { id: 'booked', title: 'Booked' },
  { id: 'in_transit', title: 'In Transit' },
  { id: 'delayed', title: 'Delayed' },
  { id: 'delivered', title: 'Delivered' },
]

/**
 * The column of a booking: pending, booked, confirmed, a missing or unknown status count as
 * Booked; cancelled bookings are not on the board.
 */
export function boardColumnOf(status: string | null | undefined): BoardColumnId | null {
  switch (status) {
    case 'cancelled':
      return null
    case 'in_transit':
    case 'delayed':
    case 'delivered':
      return status
    default:
      return 'booked'
  }
}

export type BoardColumn<T> = {
  id: BoardColumnId
  title: string
  /** Every shipment in the column. */
  total: number
  /** The first CARDS_PER_COLUMN, in the order given. */
  shown: T[]
  /** How many more there are (the '+N more' line). */
  more: number
}

export function groupForStatusBoard<T extends { status: string | null }>(
  bookings: T[],
  perColumn: number = CARDS_PER_COLUMN
): BoardColumn<T>[] {
  return BOARD_COLUMNS.map(({ id, title }) => {
    const all = bookings.filter((b) => boardColumnOf(b.status) === id)
    return {
      id,
      title,
      total: all.length,
      shown: all.slice(0, perColumn),
      more: Math.max(0, all.length - perColumn),
    }
  })
}
