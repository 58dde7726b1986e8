/*
 * Events nobody listens to cost nothing. AdonisJS packages announce their steps on the app's
 * emitter on every request (the session's "initiated" and "committed", the guards'
 * "authentication attempted" and "succeeded"); with no listener each still went through
 * emittery's asynchronous dispatch, a few per cent of a signed-in request. An event with a
 * listener, or any event while `emitter.fake()` records them, is emitted as before.
 */
import emitter from '@adonisjs/core/services/emitter'

const emit = emitter.emit.bind(emitter)
const fake = emitter.fake.bind(emitter)
const restore = emitter.restore.bind(emitter)
let faking = false

emitter.fake = ((events?: any) => {
  const buffer = fake(events)
  faking = true
  return buffer
}) as typeof emitter.fake

emitter.restore = (() => {
  faking = false
  return restore()
}) as typeof emitter.restore

emitter.emit = ((event: any, data: any) =>
  faking || emitter.listenerCount(event) > 0
    ? emit(event, data)
    : Promise.resolve()) as typeof emitter.emit
