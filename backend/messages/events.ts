import type { MessageChanged } from '#messages/services/message_service'

/** Events the messages module emits; listeners are wired in backend/start/events.ts. */
declare module '@adonisjs/core/types' {
  interface EventsList {
    /** A booking's thread changed: a message sent or edited, a side's read receipt moved. */
    'message:changed': MessageChanged
  }
}
