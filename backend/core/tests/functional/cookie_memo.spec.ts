import { test } from '@japa/runner'
import cookie from 'cookie'
import '#core/signed_cookie_memo'

/** backend/core/signed_cookie_memo.ts: a Cookie header is parsed once per distinct header. */
test.group('Cookie headers parsed once', () => {
  test('the same header gives the same pairs, frozen; another header its own', ({ assert }) => {
    const header = 'XSRF-TOKEN=abc.def; palletline-session=s%3Aone.two; empty='
    const first = cookie.parse(header)
    assert.deepEqual(
      { ...first },
      {
        'XSRF-TOKEN': 'abc.def',
        'palletline-session': 's:one.two',
        'empty': '',
      }
    )
    assert.isTrue(Object.isFrozen(first))
    assert.strictEqual(cookie.parse(header), first)
    const other = cookie.parse('palletline-session=s%3Athree.four')
    assert.deepEqual({ ...other }, { 'palletline-session': 's:three.four' })
  })

  test('a parse with options of its own is not remembered', ({ assert }) => {
    const header = 'a=%41'
    const raw = cookie.parse(header, { decode: (value) => value })
    assert.equal(raw.a, '%41')
    assert.isFalse(Object.isFrozen(raw))
    assert.equal(cookie.parse(header).a, 'A')
  })
})
