/** What the freight board tells live boards: a load changed, never who posted it. */
export type FreightBoardChange = {
  type:
    | 'posted'
    | 'funded'
    | 'held'
    | 'released'
    | 'claimed'
    | 'cancelled'
    | 'expired'
    | 'reopened'
    | 'invited'
  id: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'freight:changed': FreightBoardChange
  }
}
