/*
 * The company role matrix, tested from the router's own routes (issue 35, docs/decisions/0223):
 * every route a shipper's or carrier's login can reach is classified in
 * `#accounts/member_roles`, and a member of each role is let through exactly the routes its role
 * has (anything else a 403 naming the role), on SQLite and PostgreSQL.
 */
import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import User from '#accounts/models/user'
import {
  MEMBER_ROLES,
  ROUTE_AREAS,
  memberMay,
  memberRefusal,
  routeKey,
  type CompanyKind,
} from '#accounts/member_roles'
import { makeMember } from '#accounts/tests/companies'
import { baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'

type RouteInfo = { method: string; pattern: string; roles: string[] | null; auth: boolean }

function routes(): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) => {
      const named = [...route.middleware.all()] as { name?: string; args?: any }[]
      const auth = named.some((m) => m.name === 'auth')
      const roles = (named.find((m) => m.name === 'role')?.args?.roles as string[]) ?? null
      return route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, pattern: route.pattern, roles, auth }))
    })
}

/** A route a shipper's or carrier's login can reach: signed in, and not for admins alone. */
const companyRoute = (route: RouteInfo) =>
  route.auth &&
  (route.roles === null || route.roles.some((r) => r === 'shipper' || r === 'carrier'))

test.group('The company role matrix covers the router', () => {
  test('every signed-in route of shippers and carriers is classified, and nothing else is', ({
    assert,
  }) => {
    const all = routes()
    const reachable = all.filter(companyRoute).map((r) => routeKey(r.method, r.pattern))
    assert.isAbove(reachable.length, 100)
    const unclassified = reachable.filter((key) => !(key in ROUTE_AREAS))
    assert.deepEqual(unclassified, [], 'add these routes to ROUTE_AREAS in #accounts/member_roles')
    const served = new Set(reachable)
    const stale = Object.keys(ROUTE_AREAS).filter((key) => !served.has(key))
    assert.deepEqual(stale, [], 'ROUTE_AREAS lists routes a company login cannot reach')
  })
})

test.group('The company role matrix at the server', (group) => {
  eachTestInTransaction(group)
  group.each.timeout(180_000)

  for (const kind of Object.keys(MEMBER_ROLES) as CompanyKind[]) {
    test(`each ${kind} member role is let through exactly its routes`, async ({ assert }) => {
      const account = await makeUser(kind, { isApproved: true })
      const problems: string[] = []
      const targets = routes().filter(companyRoute)
      for (const role of MEMBER_ROLES[kind]) {
        const member =
          role === 'owner' ? await makeMember(account, 'owner') : await makeMember(account, role)
        const person = await User.findOrFail(member.id)
        const token = (await User.accessTokens.create(person, ['*'])).value!.release()
        for (const route of targets) {
          // Any id will do: a refusal comes before the record is looked up.
          const url = route.pattern.replace(/:(\w+)/g, (_, name) =>
            name === 'token' ? 'x' : '999999'
          )
          // A bearer call without a session cookie: no CSRF token, as an integration calls.
          const res = await fetch(baseUrl() + url, {
            method: route.method,
            headers: {
              'accept': 'application/json',
              'authorization': `Bearer ${token}`,
              'content-type': 'application/json',
            },
            body: route.method === 'GET' ? undefined : '{}',
          })
          const text = await res.text()
          let message: unknown = null
          try {
            message = JSON.parse(text)?.message
          } catch {}
          const refusedForRole = res.status === 403 && message === memberRefusal(role)
          const may = memberMay(kind, role, route.method, route.pattern)
          if (may && refusedForRole) problems.push(`${role} refused ${route.method} ${url}`)
          if (!may && !refusedForRole) {
            problems.push(
              `${role} let through ${route.method} ${url}: ${res.status} ${text.slice(0, 120)}`
            )
          }
        }
      }
      assert.deepEqual(problems, [])
    })
  }
})
