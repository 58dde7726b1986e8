/** Events the accounts module emits; other modules listen in backend/start/events.ts. */
declare module '@adonisjs/core/types' {
  interface EventsList {
    'account:approved': { userId: number; reviewerId: number }
    'account:rejected': { userId: number; reviewerId: number }
  }
}

export {}
