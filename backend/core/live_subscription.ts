import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { HttpContext, Route } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * The requests of Transmit's routes (`@adonisjs/transmit`, server-sent events), checked before
 * Transmit's own controllers read them (docs/decisions/0161). Those controllers hand `uid` and
 * `channel` to the channel matcher as they come, and a missing or non-string value threw a 500.
 *
 * - `GET /__transmit/events?uid=`: a stream id.
 * - `POST /__transmit/subscribe` and `/unsubscribe` `{ uid, channel }`: a stream id and one of
 *   the app's channels.
 *
 * Anything else is the usual 422 naming the field. What the controllers read
 * (`request.input`: the query string and the body) is what is validated.
 */

/** A stream id: transmit-client makes a UUID (`crypto.randomUUID()`). */
const UID = /^[A-Za-z0-9_-]{1,64}$/
/** What a channel pattern's `:param` stands for: a record id (`expedited/shipper/:id`). */
const RECORD_ID = '[1-9][0-9]{0,9}'
const MAX_CHANNEL_LENGTH = 200

const UID_MESSAGE = 'uid must be the id of your event stream (1 to 64 letters, digits, - or _)'

/** Whether `channel` is one of `patterns` (literal segments, `:param` for a record id). */
export function channelMatcher(patterns: readonly string[]): (channel: string) => boolean {
  const compiled = patterns.map((pattern) => {
    const segments = pattern
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? RECORD_ID : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      )
    return new RegExp(`^${segments.join('/')}$`)
  })
  return (channel) =>
    channel.length <= MAX_CHANNEL_LENGTH && compiled.some((re) => re.test(channel))
}

const uid = () => vine.string().regex(UID)

function validators(patterns: readonly string[]) {
  const isKnown = channelMatcher(patterns)
  const channelMessage = `channel must be one of the live channels: ${patterns.join(', ')}`
  const liveChannel = vine.createRule((value, _options, field) => {
    if (!field.isValid) return
    if (typeof value !== 'string' || !isKnown(value)) {
      field.report(channelMessage, 'liveChannel', field)
    }
  })

  const uidMessages = {
    'uid.required': 'uid is required: the id of your event stream',
    'uid.string': UID_MESSAGE,
    'uid.regex': UID_MESSAGE,
  }
  const stream = vine.compile(vine.object({ uid: uid() }))
  stream.messagesProvider = new SimpleMessagesProvider(uidMessages)
  const subscription = vine.compile(
    vine.object({ uid: uid(), channel: vine.string().use(liveChannel()) })
  )
  subscription.messagesProvider = new SimpleMessagesProvider({
    ...uidMessages,
    'channel.required': 'channel is required',
    'channel.string': channelMessage,
  })
  return { stream, subscription }
}

/** The body of Transmit's refusal (its 400 has none): a channel the caller may not listen to. */
export const CHANNEL_REFUSED = 'You may not listen to this channel'

/** The answer to a subscribe whose `uid` names no stream open on this instance. */
export const STREAM_NOT_OPEN =
  'No open stream with this uid on this server; open /__transmit/events first'

/** Transmit's public lifecycle hooks (`transmit.on`) that say when a stream opens and closes. */
interface StreamHooks {
  on(event: 'connect' | 'disconnect', callback: (payload: { uid: string }) => void): unknown
}

/**
 * The uids of the event streams open on this instance, kept from Transmit's public `connect`
 * and `disconnect` hooks. Like Transmit's own store it keys streams by uid: a stream that
 * closes forgets its uid (docs/decisions/0198).
 */
export function openStreams(transmit: StreamHooks): (uid: string) => boolean {
  const open = new Set<string>()
  transmit.on('connect', ({ uid }) => void open.add(uid))
  transmit.on('disconnect', ({ uid }) => void open.delete(uid))
  return (uid) => open.has(uid)
}

/**
 * The route modifier for `transmit.registerRoutes()`: each of Transmit's routes validates its
 * request first, with `channels` the patterns a client may subscribe to (every one of them
 * broadcast by some module, authorized or public). A subscribe whose `uid` has no stream open
 * on this instance (`isOpen`) is a 404 naming `uid`: Transmit would refuse it with the same
 * empty 400 as a channel the caller may not listen to. Transmit still decides who may listen;
 * its refusal (an empty 400) gets a JSON message like every other error.
 */
export function validateTransmitRequests(
  channels: readonly string[],
  isOpen: (uid: string) => boolean
) {
  const { stream, subscription } = validators(channels)
  const notOpen = (ctx: HttpContext) =>
    ctx.response.notFound({
      message: STREAM_NOT_OPEN,
      errors: [{ field: 'uid', message: STREAM_NOT_OPEN, rule: 'openStream' }],
    })
  return (route: Route) => {
    // Transmit registers `__transmit/events` (GET), `/subscribe` and `/unsubscribe` (POST).
    const pattern = route.getPattern()
    if (pattern.endsWith('/events')) {
      route.use(async (ctx: HttpContext, next: NextFn) => {
        await ctx.request.validateUsing(stream)
        return next()
      })
      return
    }
    const subscribing = pattern.endsWith('/subscribe')
    route.use(async (ctx: HttpContext, next: NextFn) => {
      const { uid } = await ctx.request.validateUsing(subscription)
      if (subscribing && !isOpen(uid)) return notOpen(ctx)
      await next()
      if (ctx.response.getStatus() === 400 && ctx.response.getBody() == null) {
        // The stream may have closed while the channel's access check ran.
        if (subscribing && !isOpen(uid)) return notOpen(ctx)
        ctx.response.send({ message: CHANNEL_REFUSED })
      }
    })
  }
}
