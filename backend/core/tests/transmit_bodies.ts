/*
 * A corpus of malformed bodies for Transmit's `POST /__transmit/subscribe` and `/unsubscribe`
 * (docs/decisions/0161). Each must be a JSON 4xx, never a 500 and never a 204. `field` is the
 * field the answer must name (the `errors` of a 422), or null where the body never reaches the
 * validator (malformed JSON is a 400, a multipart body a 415).
 */

export type MalformedBody = {
  name: string
  /** The raw body; undefined sends none. */
  body?: string
  /** The Content-Type sent; undefined sends none. */
  contentType?: string
  field: 'uid' | 'channel' | null
}

const JSON_TYPE = 'application/json'
/** A stream id as transmit-client makes them (crypto.randomUUID()). */
const UID = '0b6f4f2c-6c47-4f3e-9a5b-2f0c1d7e8a90'

/** A JSON body: `{ uid, channel }` with the given values (undefined leaves the key out). */
function json(name: string, value: unknown, field: MalformedBody['field']): MalformedBody {
  return { name, body: JSON.stringify(value), contentType: JSON_TYPE, field }
}

const withUid = (channel: unknown) => ({ uid: UID, channel })
const withChannel = (uid: unknown) => ({ uid, channel: 'freight/public' })

export const MALFORMED_BODIES: readonly MalformedBody[] = [
  // What an attack run sent (decision 0161).
  json('no channel', { uid: 'u1' }, 'channel'),
  json('channel an empty object', withUid({}), 'channel'),
  json('channel a number', withUid(123), 'channel'),
  json('an empty array', [], 'uid'),
  json('an empty object', {}, 'uid'),
  { name: 'an empty JSON body', body: '', contentType: JSON_TYPE, field: 'uid' },
  { name: 'no body and no content type', field: 'uid' },

  // uid of every wrong type and shape.
  json('no uid', { channel: 'freight/public' }, 'uid'),
  json('uid null', withChannel(null), 'uid'),
  json('uid a number', withChannel(42), 'uid'),
  json('uid true', withChannel(true), 'uid'),
  json('uid an array', withChannel([UID]), 'uid'),
  json('uid an object', withChannel({ id: UID }), 'uid'),
  json('uid nested objects', withChannel({ a: { b: { c: { d: {} } } } }), 'uid'),
  json('uid an empty string', withChannel(''), 'uid'),
  json('uid blank', withChannel('   '), 'uid'),
  json('uid a huge string', withChannel('x'.repeat(200_000)), 'uid'),
  json('uid a path', withChannel('../../etc/passwd'), 'uid'),
  json('uid with spaces', withChannel('a b'), 'uid'),
  json('uid markup', withChannel('<script>alert(1)</script>'), 'uid'),
  json('uid an operator object', withChannel({ $ne: null }), 'uid'),
  json('uid a lone surrogate', withChannel('\ud800'), 'uid'),
  json('uid a NUL byte', withChannel('a\u0000b'), 'uid'),
  json('uid emoji', withChannel('😀'.repeat(10)), 'uid'),

  // channel of every wrong type and shape.
  json('channel null', withUid(null), 'channel'),
  json('channel true', withUid(true), 'channel'),
  json('channel an array', withUid(['freight/public']), 'channel'),
  json('channel an object of a channel', withUid({ 0: 'freight/public' }), 'channel'),
  json('channel nested objects', withUid({ a: { b: { c: {} } } }), 'channel'),
  json('channel an empty string', withUid(''), 'channel'),
  json('channel blank', withUid(' '), 'channel'),
  json('channel a huge string', withUid('freight/'.repeat(50_000)), 'channel'),
  json('channel a lone surrogate', withUid('freight/\udfff'), 'channel'),
  json('channel a NUL byte', withUid('freight/public\u0000'), 'channel'),

  // Channel strings that are not registered, or hold odd characters.
  json('an unknown channel', withUid('unknown/channel'), 'channel'),
  json('transmit’s own ping channel', withUid('$$transmit/ping'), 'channel'),
  json('a parent path', withUid('../freight/public'), 'channel'),
  json('a path through a parent', withUid('freight/board/../public'), 'channel'),
  json('a leading slash', withUid('/freight/public'), 'channel'),
  json('a trailing slash', withUid('freight/public/'), 'channel'),
  json('a double slash', withUid('freight//public'), 'channel'),
  json('a backslash', withUid('freight\\public'), 'channel'),
  json('upper case', withUid('FREIGHT/PUBLIC'), 'channel'),
  json('a query string', withUid('freight/public?x=1'), 'channel'),
  json('a wildcard', withUid('freight/*'), 'channel'),
  json('a trailing newline', withUid('freight/public\n'), 'channel'),
  json('percent-encoded', withUid('freight%2Fpublic'), 'channel'),
  json('the pattern itself', withUid('expedited/shipper/:id'), 'channel'),
  json('a shipper channel without id', withUid('expedited/shipper/'), 'channel'),
  json('a shipper channel of a word', withUid('expedited/shipper/abc'), 'channel'),
  json('a shipper channel of zero', withUid('expedited/shipper/0'), 'channel'),
  json('a shipper channel of a negative id', withUid('expedited/shipper/-1'), 'channel'),
  json('a shipper channel in exponent form', withUid('expedited/shipper/1e3'), 'channel'),
  json('a shipper channel with a leading zero', withUid('expedited/shipper/01'), 'channel'),
  json('a shipper channel of a huge id', withUid(`expedited/shipper/${'9'.repeat(40)}`), 'channel'),
  json('a shipper channel with a sub-path', withUid('expedited/shipper/1/2'), 'channel'),
  json('a shipper channel with markup', withUid('expedited/shipper/<b>1</b>'), 'channel'),
  json('a user channel pattern itself', withUid('users/:id'), 'channel'),
  json('a user channel without id', withUid('users/'), 'channel'),
  json('a user channel of a word', withUid('users/me'), 'channel'),
  json('a user channel of zero', withUid('users/0'), 'channel'),
  json('a user channel with a leading zero', withUid('users/07'), 'channel'),
  json('a user channel of a huge id', withUid(`users/${'9'.repeat(40)}`), 'channel'),
  json('a user channel with a sub-path', withUid('users/1/bookings'), 'channel'),
  json('the admin channel with an id', withUid('admin/1'), 'channel'),
  json('the admin channel upper case', withUid('ADMIN'), 'channel'),

  // Bodies of the wrong shape.
  json('an array of a subscription', [withUid('freight/public')], 'uid'),
  json('an array of strings', [UID, 'freight/public'], 'uid'),
  json('the subscription nested', { subscription: withUid('freight/public') }, 'uid'),
  json('a reserved key', JSON.parse(`{"constructor": 1, "uid": "${UID}"}`), null),
  {
    name: 'a duplicate key, the last an array',
    body: `{"uid":"${UID}","channel":"freight/public","uid":["${UID}"]}`,
    contentType: JSON_TYPE,
    field: 'uid',
  },

  // Text that is not JSON, and bare JSON values.
  { name: 'a bare string', body: '"freight/public"', contentType: JSON_TYPE, field: null },
  { name: 'a bare number', body: '42', contentType: JSON_TYPE, field: null },
  { name: 'a bare null', body: 'null', contentType: JSON_TYPE, field: null },
  { name: 'a bare true', body: 'true', contentType: JSON_TYPE, field: null },
  { name: 'plain text', body: 'subscribe me', contentType: JSON_TYPE, field: null },
  { name: 'truncated JSON', body: `{"uid":"${UID}",`, contentType: JSON_TYPE, field: null },
  { name: 'unquoted keys', body: `{uid:"${UID}"}`, contentType: JSON_TYPE, field: null },
  {
    name: 'a form body sent as JSON',
    body: `uid=${UID}&channel=freight/public`,
    contentType: JSON_TYPE,
    field: null,
  },

  // Wrong content types.
  {
    name: 'JSON sent as text/plain',
    body: JSON.stringify(withUid('freight/public')),
    contentType: 'text/plain',
    field: 'uid',
  },
  {
    name: 'JSON sent with no content type',
    body: JSON.stringify(withUid('freight/public')),
    field: 'uid',
  },
  {
    name: 'XML',
    body: `<subscription><uid>${UID}</uid><channel>freight/public</channel></subscription>`,
    contentType: 'application/xml',
    field: 'uid',
  },
  {
    name: 'a form with empty fields',
    body: 'uid=&channel=',
    contentType: 'application/x-www-form-urlencoded',
    field: 'uid',
  },
  {
    name: 'a form with an array uid',
    body: `uid[]=${UID}&channel=freight/public`,
    contentType: 'application/x-www-form-urlencoded',
    field: 'uid',
  },
  {
    name: 'a form with an unknown channel',
    body: `uid=${UID}&channel=../etc`,
    contentType: 'application/x-www-form-urlencoded',
    field: 'channel',
  },
  {
    name: 'a multipart body',
    body: `--x\r\nContent-Disposition: form-data; name="uid"\r\n\r\n${UID}\r\n--x--\r\n`,
    contentType: 'multipart/form-data; boundary=x',
    field: null,
  },
]
