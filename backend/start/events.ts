/*
 * Cross-module event listeners. Modules emit domain events (see each module's events.ts)
 * and other modules react here, so no module imports another's internals.
 */
import emitter from '@adonisjs/core/services/emitter'

emitter.onError((event, error) => {
  // A failing listener must never fail the request that emitted the event.
  console.error(`listener for ${String(event)} failed`, error)
})
