/** Events the drayage part of logistics emits. */

/** The empty container of a drayage move was returned: its charges are final. */
export type DrayageCompleted = { drayageMoveId: number }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'drayage:completed': DrayageCompleted
  }
}
