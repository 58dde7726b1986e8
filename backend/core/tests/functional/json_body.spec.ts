import { test } from '@japa/runner'
import { connect } from 'node:net'
import {
  Browserless,
  baseUrl,
  businessDayFromToday,
  eachTestInTransaction,
  makeUser,
} from '#tests/helpers'

/*
 * Every JSON body is read by AdonisJS's body parser (decision 0195; the hand-read path of
 * decision 0156 is gone): the same bytes get the same answer whichever JSON type names them,
 * `application/json` (with or without a charset) or `application/vnd.api+json`.
 */

const PARSER_TYPE = 'application/vnd.api+json'

async function signedInShipper() {
  const shipper = await makeUser('shipper')
  const browser = new Browserless(baseUrl())
  const login = await browser.signIn(shipper.email)
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${login.text}`)
  await browser.request('GET', '/api/user')
  return browser
}

/** A search with this body as this type; a stream is sent chunked, with no length. */
async function search(
  browser: Browserless,
  contentType: string,
  body: string | Buffer | ReadableStream
) {
  const res = await fetch(`${baseUrl()}/api/listings/search`, {
    method: 'POST',
    headers: {
      'accept': 'application/json',
      'content-type': contentType,
      'cookie': browser.cookieHeader(),
      'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit)
  return { status: res.status, total: res.headers.get('x-total-count'), text: await res.text() }
}

const shipment = () => ({
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: 4,
  pickupDate: businessDayFromToday(7),
})

test.group('JSON bodies: the same answer whichever JSON type names them', (group) => {
  eachTestInTransaction(group)

  test('valid, empty strings, malformed, not an object, a byte-order mark, __proto__, accents', async ({
    assert,
  }) => {
    const browser = await signedInShipper()
    const valid = JSON.stringify(shipment())
    const bodies: [string, string | Buffer][] = [
      ['valid', valid],
      ['empty strings', JSON.stringify({ ...shipment(), pickupAddress: '', deliveryAddress: '' })],
      ['malformed', '{"pickupAddress": '],
      ['a number', '42'],
      ['a string', '"Chicago"'],
      ['leading whitespace', ` \n\t ${valid}`],
      ['a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(valid)])],
      ['__proto__', `{"__proto__": {"polluted": true}, ${valid.slice(1)}`],
      ['accents', JSON.stringify({ ...shipment(), pickupAddress: 'Montréal, QC' })],
    ]
    for (const [name, body] of bodies) {
      const parser = await search(browser, PARSER_TYPE, body)
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const here = await search(browser, type, body)
        assert.deepEqual(here, parser, `${name}, ${type}`)
      }
    }
    assert.isUndefined(({} as Record<string, unknown>).polluted)

    // What the answers are: a page for the valid body, and empty strings read as missing.
    const ok = await search(browser, 'application/json', valid)
    assert.equal(ok.status, 200)
    assert.equal(ok.total, '0')
    const empty = await search(
      browser,
      'application/json',
      JSON.stringify({ ...shipment(), pickupAddress: '' })
    )
    assert.equal(empty.status, 422)
    assert.deepInclude(JSON.parse(empty.text).errors, {
      field: 'pickupAddress',
      message: 'Pickup address is required',
      rule: 'required',
    })
    assert.equal((await search(browser, 'application/json', '{"pickupAddress": ')).status, 400)
  })

  test('a body sent in pieces reads the same; a chunked one is left to the body parser', async ({
    assert,
  }) => {
    const browser = await signedInShipper()
    const body = JSON.stringify(shipment())
    const expected = await search(browser, 'application/json', body)
    assert.equal(expected.status, 200, expected.text)

    // Chunked (no Content-Length): left to the body parser, whatever it answers.
    const chunked = (contentType: string) => search(browser, contentType, new Blob([body]).stream())
    assert.deepEqual(await chunked('application/json'), await chunked(PARSER_TYPE))

    // Declared length, sent a few bytes at a time, a multi-byte character split between two.
    const accented = JSON.stringify({ ...shipment(), pickupAddress: 'Montréal, QC' })
    const reference = await search(browser, PARSER_TYPE, accented)
    const bytes = Buffer.from(accented)
    const split = bytes.indexOf(Buffer.from('é')) + 1
    const raw = await rawRequest(browser, bytes, [10, split, split + 7])
    assert.equal(raw.status, reference.status, raw.body)
    assert.equal(raw.body, reference.text)
  })

  test('a request cut off before its declared length ends is dropped; the server goes on', async ({
    assert,
  }) => {
    const browser = await signedInShipper()
    const { hostname: host, port } = new URL(baseUrl())
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), host, () => {
        socket.write(
          [
            'POST /api/listings/search HTTP/1.1',
            `Host: ${host}:${port}`,
            'Content-Type: application/json',
            'Content-Length: 500',
            `Cookie: ${browser.cookieHeader()}`,
            `X-XSRF-TOKEN: ${decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!)}`,
            '',
            '{"pickupAddress": "Chic',
          ].join('\r\n')
        )
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('close', () => resolve())
      socket.on('error', reject)
    })
    const after = await search(browser, 'application/json', JSON.stringify(shipment()))
    assert.equal(after.status, 200, after.text)
  })
})

/** One POST over a socket of its own, its body written in pieces cut at `cuts`. */
function rawRequest(browser: Browserless, body: Buffer, cuts: number[]) {
  const { hostname: host, port } = new URL(baseUrl())
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), host)
    const received: Buffer[] = []
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const response = Buffer.concat(received)
      const headEnd = response.indexOf('\r\n\r\n')
      const head = response.subarray(0, headEnd).toString('latin1')
      const payload = response.subarray(headEnd + 4)
      const chunked = /transfer-encoding: chunked/i.test(head)
      resolve({
        status: Number(head.split(' ')[1]),
        body: (chunked ? unchunk(payload) : payload).toString('utf8'),
      })
    })
    socket.write(
      [
        'POST /api/listings/search HTTP/1.1',
        `Host: ${host}:${port}`,
        'Accept: application/json',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        `Cookie: ${browser.cookieHeader()}`,
        `X-XSRF-TOKEN: ${decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!)}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n')
    )
    const pieces = [0, ...cuts, body.length]
    let index = 0
    const next = () => {
      if (index >= pieces.length - 1) return
      socket.write(body.subarray(pieces[index], pieces[index + 1]))
      index += 1
      setTimeout(next, 5)
    }
    next()
  })
}

/** A chunked HTTP/1.1 body's bytes. */
function unchunk(payload: Buffer) {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = payload.indexOf('\r\n', at)
    const size = Number.parseInt(payload.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) return Buffer.concat(parts)
    parts.push(payload.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}
