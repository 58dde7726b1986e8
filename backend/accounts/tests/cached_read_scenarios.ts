import type { Assert } from '@japa/assert'
import { Browserless } from '#tests/helpers'

/*
 * What a signed-in read answered from memory must still refuse (decision 0071), as scenarios
 * run against one server (`first` and `second` the same) or two instances behind one balancer
 * (decision 0148): each change is made through `first` and checked through `second`.
 */

/** Signs in at `url` (password `secret123`), failing the test on anything but 200. */
export async function signInAt(url: string, email: string) {
  const browser = new Browserless(url)
  const login = await browser.signIn(email)
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`)
  return browser
}

/** The same browser (its cookies) sent to another address, as a load balancer would. */
export function at(browser: Browserless, url: string) {
  const other = new Browserless(url)
  other.cookies = browser.cookies
  return other
}

/** A cookie read a moment ago is refused once its session logs out. */
export async function logoutRefusesReplay(
  assert: Assert,
  first: string,
  second: string,
  email: string
) {
  const browser = await signInAt(first, email)
  const elsewhere = at(browser, second)
  for (let i = 0; i < 3; i++)
    assert.equal((await elsewhere.request('GET', '/api/user')).status, 200)
  const captured = new Map(browser.cookies)
  assert.equal((await browser.request('POST', '/api/logout')).status, 200)

  const replay = new Browserless(second)
  replay.cookies = captured
  const answer = await replay.request('GET', '/api/user')
  assert.equal(answer.status, 401)
  assert.equal(answer.body.message, 'Not signed in')
}

/** A password change ends the other sessions at once, even one just read. */
export async function passwordChangeEndsOtherSessions(
  assert: Assert,
  first: string,
  second: string,
  email: string
) {
  const laptop = await signInAt(first, email)
  const phone = await signInAt(second, email)
  assert.equal((await phone.request('GET', '/api/user')).status, 200)
  const change = await laptop.request('PUT', '/api/account/password', {
    currentPassword: 'secret123',
    newPassword: 'n3w-secret-pw',
    newPassword_confirmation: 'n3w-secret-pw',
  })
  assert.equal(change.status, 204, JSON.stringify(change.body))
  assert.equal((await phone.request('GET', '/api/user')).status, 401)
  assert.equal((await at(laptop, second).request('GET', '/api/user')).status, 200)
}

/** A revoked API token is refused on the next call, even just after a use. */
export async function revokedTokenRefused(
  assert: Assert,
  first: string,
  second: string,
  email: string
) {
  const browser = await signInAt(first, email)
  const created = await browser.request('POST', '/api/account/tokens', { name: 'script' })
  assert.equal(created.status, 201, JSON.stringify(created.body))
  const call = () =>
    fetch(`${second}/api/user`, {
      headers: { authorization: `Bearer ${created.body.token}`, accept: 'application/json' },
    })
  for (let i = 0; i < 3; i++) assert.equal((await call()).status, 200)
  const revoked = await browser.request('DELETE', `/api/account/tokens/${created.body.id}`)
  assert.oneOf(revoked.status, [200, 204])
  assert.equal((await call()).status, 401)
}
