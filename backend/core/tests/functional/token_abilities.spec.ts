import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import User from '#accounts/models/user'
import { TOKEN_ABILITIES } from '#accounts/validators/account'
import type { AuthOptions } from '#core/middleware/auth_middleware'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { CONTRACT, toOpenApiPath } from '#tests/openapi_contract'

/**
 * Which bearer tokens each route takes, from the router's own route list and the contract
 * (docs/decisions/0169). A route declares the abilities a Settings-issued (scoped) token needs
 * in one place, its `auth` middleware; the contract's bearer requirement lists the same:
 * `["tms:read"]` a token with that ability, `[]` any token (who am I), `["*"]` only a token with
 * every ability (admin-issued, full account rights). Every scoped route is then called with a
 * token that has its abilities (let in) and with one that lacks each of them (403); every
 * `*`-only route with a token holding every scoped ability (403).
 */

type BearerRoute = {
  method: string
  pattern: string
  /** undefined: only a `*` token; []: any token */
  abilities: string[] | undefined
  roles: string[] | undefined
}

const nameOf = (route: { method: string; pattern: string }) => `${route.method} ${route.pattern}`

/** Every route a bearer token can sign in to, with what its one `auth` declaration asks. */
function bearerRoutes(): { routes: BearerRoute[]; twice: string[] } {
  const routes: BearerRoute[] = []
  const twice: string[] = []
  for (const route of Object.values(router.toJSON()).flat()) {
    const named = [...route.middleware.all()] as { name?: string; args?: any }[]
    const auths = named.filter((m) => m.name === 'auth').map((m) => (m.args ?? {}) as AuthOptions)
    if (auths.length === 0) continue
    const methods = route.methods.filter((method) => method !== 'HEAD')
    if (auths.length > 1) twice.push(...methods.map((method) => `${method} ${route.pattern}`))
    const auth = auths[0]
    if (!(auth.guards ?? ['web', 'api']).includes('api')) continue
    const roles = named.find((m) => m.name === 'role')?.args?.roles as string[] | undefined
    for (const method of methods) {
      routes.push({ method, pattern: route.pattern, abilities: auth.abilities, roles })
    }
  }
  return { routes, twice }
}

type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> }
const contract = (): Doc => JSON.parse(readFileSync(app.makePath(CONTRACT), 'utf8'))

/** The bearer requirements an operation lists: each alternative's abilities. */
function bearerInContract(doc: Doc, method: string, pattern: string): string[][] {
  const op = doc.paths[toOpenApiPath(pattern)]?.[method.toLowerCase()]
  return (op?.security ?? []).filter((s) => 'bearer' in s).map((s) => [...s.bearer].sort())
}

const expectedInContract = (route: BearerRoute): string[][] =>
  route.abilities === undefined ? [['*']] : [[...route.abilities].sort()]

/** A concrete path: every parameter an id no row has (the refusal comes before any lookup). */
const pathOf = (pattern: string) => pattern.replace(/:(\w+)/g, '999999')

async function call(token: string, route: BearerRoute) {
  const res = await fetch(`${baseUrl()}${pathOf(route.pattern)}`, {
    method: route.method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(route.method === 'GET' || route.method === 'DELETE'
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
  })
  const text = await res.text()
  let message: string | undefined
  try {
    message = (JSON.parse(text) as { message?: string }).message
  } catch {
    message = undefined
  }
  return { status: res.status, message }
}

test.group('Token abilities: router, contract and server agree', (group) => {
  group.each.setup(() => resetDatabase())

  test('each route declares what a token needs once, and the contract says the same', ({
    assert,
  }) => {
    const { routes, twice } = bearerRoutes()
    assert.deepEqual(twice, [], 'a route’s token abilities are declared by one auth middleware')
    const doc = contract()
    const wrong = routes
      .map((route) => ({
        route: nameOf(route),
        server: expectedInContract(route),
        contract: bearerInContract(doc, route.method, route.pattern),
      }))
      .filter((r) => JSON.stringify(r.server) !== JSON.stringify(r.contract))
    assert.deepEqual(wrong, [], 'the contract’s bearer requirement is what the route declares')
    // Every ability a route asks for is one a user can give a token in Settings.
    const asked = new Set(routes.flatMap((route) => route.abilities ?? []))
    assert.includeMembers([...TOKEN_ABILITIES], [...asked])
    // And session-only operations list no bearer at all.
    const bearerOps = new Set(
      routes.map((route) => `${route.method} ${toOpenApiPath(route.pattern)}`)
    )
    const claimed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security ?? []).some((s) => 'bearer' in s))
        .map(([method]) => `${method.toUpperCase()} ${path}`)
    )
    assert.deepEqual(
      claimed.filter((op) => !bearerOps.has(op)),
      [],
      'operations that list bearer but do not take a token'
    )
  })

  test('a scoped token is let in where it has the abilities and refused (403) where it lacks one', async ({
    assert,
  }) => {
    const { routes } = bearerRoutes()
    const users = {
      shipper: await makeUser('shipper'),
      carrier: await makeUser('carrier', { isApproved: true }),
      admin: await makeUser('admin'),
    }
    const tokens = new Map<string, string>()
    const tokenFor = async (user: User, abilities: string[]) => {
      const key = `${user.id}:${[...abilities].sort().join(',')}`
      if (!tokens.has(key)) {
        const token = await User.accessTokens.create(user, abilities, { name: key })
        tokens.set(key, token.value!.release())
      }
      return tokens.get(key)!
    }
    const userFor = (route: BearerRoute) =>
      !route.roles || route.roles.includes('shipper')
        ? users.shipper
        : route.roles.includes('carrier')
          ? users.carrier
          : users.admin

    const everyScoped = [...TOKEN_ABILITIES]
    const problems: string[] = []
    let scoped = 0
    for (const route of routes) {
      const user = userFor(route)
      if (route.abilities === undefined) {
        const res = await call(await tokenFor(user, everyScoped), route)
        const message = `This token may only be used for its abilities (${everyScoped.join(', ')})`
        if (res.status !== 403 || res.message !== message) {
          problems.push(`${nameOf(route)} let a scoped token in: ${res.status} ${res.message}`)
        }
        continue
      }
      scoped++
      const own = route.abilities.length ? route.abilities : [everyScoped[0]]
      const allowed = await call(await tokenFor(user, own), route)
      if (allowed.status === 401 || allowed.status === 403) {
        problems.push(
          `${nameOf(route)} refused ${own.join(', ')}: ${allowed.status} ${allowed.message}`
        )
      }
      for (const ability of route.abilities) {
        const others = everyScoped.filter((a) => a !== ability)
        const refused = await call(await tokenFor(user, others), route)
        if (refused.status !== 403 || refused.message !== `Token lacks the ${ability} ability`) {
          problems.push(`${nameOf(route)} without ${ability}: ${refused.status} ${refused.message}`)
        }
      }
    }
    assert.deepEqual(problems, [])
    assert.isAtLeast(scoped, 10, 'the integrator’s routes take scoped tokens')
  }).timeout(120_000)
})
