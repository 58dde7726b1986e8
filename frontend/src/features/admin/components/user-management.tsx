import * as React from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'
import { ArrowDown, ArrowUp, ArrowUpDown, Users } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Link } from '@/components/ui/link'
import { NativeSelect } from '@/components/ui/native-select'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatDate, formatDateTime, formatStatus } from '@/lib/format'
import {
  useAdminNames,
  useAdminUsers,
  useUserActionRequests,
  userListSearch,
  type AdminUser,
  type SortDirection,
  type UserListQuery,
  type UserSort,
} from '@/features/admin/api/user-management'
import { AdminFrame } from '@/features/admin/components/admin-frame'
import { PendingConfirmations } from '@/features/admin/components/pending-confirmations'
import {
  ApprovalBadge,
  RoleBadge,
  StandingBadge,
  TwoFactorBadge,
} from '@/features/admin/components/user-labels'

const FILTERS = ['role', 'approval', 'standing', 'twoFactor'] as const
type FilterName = (typeof FILTERS)[number]

const FILTER_OPTIONS: Record<FilterName, { label: string; any: string; options: string[][] }> = {
  role: {
    label: 'Role',
    any: 'All roles',
    options: [
      ['shipper', 'Shipper'],
      ['carrier', 'Carrier'],
      ['admin', 'Admin'],
    ],
  },
  approval: {
    label: 'Approval',
    any: 'Any approval',
    options: [
      ['approved', 'Approved'],
      ['pending', 'Pending'],
      ['rejected', 'Rejected'],
    ],
  },
  standing: {
    label: 'Standing',
    any: 'Any standing',
    options: [
      ['active', 'Active'],
      ['suspended', 'Suspended'],
      ['locked', 'Locked'],
    ],
  },
  twoFactor: {
    label: 'Two-factor',
    any: 'On or off',
    options: [
      ['on', 'On'],
      ['off', 'Off'],
    ],
  },
}

/** Each sortable column, and the direction its first click sorts in. */
const SORTS: Record<UserSort, { label: string; first: SortDirection }> = {
  email: { label: 'User', first: 'asc' },
  company: { label: 'Company', first: 'asc' },
  lastSignIn: { label: 'Last sign-in', first: 'desc' },
  created: { label: 'Created', first: 'desc' },
}

/** The phone's sort menu: each column and direction as one choice. */
const SORT_CHOICES: [string, string][] = [
  ['created:desc', 'Newest accounts'],
  ['created:asc', 'Oldest accounts'],
  ['lastSignIn:desc', 'Latest sign-in'],
  ['email:asc', 'Email A to Z'],
  ['email:desc', 'Email Z to A'],
  ['company:asc', 'Company A to Z'],
]

const SEARCH_DELAY_MS = 300

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]) =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined

/** The list's query from the page's URL (so Back from a user's page returns to the same list). */
function readQuery(
  params: URLSearchParams
): Required<Pick<UserListQuery, 'sort' | 'direction'>> & UserListQuery {
  const page = Number(params.get('page'))
  return {
    q: params.get('q') ?? undefined,
    role: oneOf(params.get('role'), ['shipper', 'carrier', 'admin'] as const),
    approval: oneOf(params.get('approval'), ['pending', 'approved', 'rejected'] as const),
    standing: oneOf(params.get('standing'), ['active', 'suspended', 'locked'] as const),
    twoFactor: oneOf(params.get('twoFactor'), ['on', 'off'] as const),
    sort: oneOf(params.get('sort'), Object.keys(SORTS) as UserSort[]) ?? 'created',
    direction: oneOf(params.get('direction'), ['asc', 'desc'] as const) ?? 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** Shows the page's URL for `query`; the defaults (created, newest first, page 1) are left out. */
function toSearch(query: UserListQuery) {
  const shown = { ...query }
  if (shown.sort === 'created' && shown.direction === 'desc') {
    delete shown.sort
    delete shown.direction
  }
  if (shown.page === 1) delete shown.page
  return userListSearch(shown)
}

function SortHeader({
  column,
  query,
  onSort,
}: {
  column: UserSort
  query: ReturnType<typeof readQuery>
  onSort: (sort: UserSort, direction: SortDirection) => void
}) {
  const active = query.sort === column
  const Icon = !active ? ArrowUpDown : query.direction === 'asc' ? ArrowUp : ArrowDown
  const next: SortDirection = active
    ? query.direction === 'asc'
      ? 'desc'
      : 'asc'
    : SORTS[column].first
  return (
    <TableHead
      aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className="inline-flex items-center gap-1 rounded-sm uppercase hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {SORTS[column].label}
        <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  )
}

/** An address that breaks after its `@` first, where a narrow column needs it to. */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@')
  if (at < 0) return <>{address}</>
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  )
}

function Identity({ user }: { user: AdminUser }) {
  const { search } = useLocation()
  return (
    <div className="min-w-0">
      <Link
        to={paths.adminUser.getHref(user.id)}
        state={{ listSearch: search }}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {user.name ?? user.email}
      </Link>
      {user.name ? (
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
          <Email address={user.email} />
        </p>
      ) : null}
    </div>
  )
}

/** The login's company: a carrier's record (DOT, MC), else its company; and its role there. */
function Company({ user }: { user: AdminUser }) {
  const membership = user.membership
  const name = user.company?.name ?? membership?.companyName
  if (!name) return <span className="text-xs text-slate-500">No company</span>
  return (
    <div>
      <p className="text-slate-900">{name}</p>
      {user.company ? (
        <p className="text-xs text-slate-600">
          DOT {user.company.dotNumber ?? '—'} · {user.company.mcNumber ?? 'No MC'}
        </p>
      ) : null}
      {membership && membership.role !== 'owner' ? (
        <p className="text-xs text-slate-600">Member: {formatStatus(membership.role)}</p>
      ) : null}
    </div>
  )
}

/** A date on one line, its time under it: narrow enough for the table. */
function When({ at }: { at: string | null }) {
  if (!at) return <>Never</>
  return (
    <span className="whitespace-nowrap">
      {formatDate(at)}
      <span className="block text-slate-500">
        {new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
      </span>
    </span>
  )
}

const lastSignIn = (user: AdminUser) =>
  user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'

function UsersTable({
  users,
  query,
  onSort,
}: {
  users: AdminUser[]
  query: ReturnType<typeof readQuery>
  onSort: (sort: UserSort, direction: SortDirection) => void
}) {
  return (
    <div className="hidden md:block">
      <Table aria-label="Users">
        <TableHeader>
          <TableRow>
            <SortHeader column="email" query={query} onSort={onSort} />
            <TableHead>Role</TableHead>
            <SortHeader column="company" query={query} onSort={onSort} />
            <TableHead>Approval</TableHead>
            <TableHead>Standing</TableHead>
            <TableHead>
              <abbr title="Two-factor sign-in" className="no-underline">
                2FA
              </abbr>
            </TableHead>
            <SortHeader column="lastSignIn" query={query} onSort={onSort} />
            <SortHeader column="created" query={query} onSort={onSort} />
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} aria-label={user.email}>
              <TableCell className="min-w-[10rem] max-w-[15rem]">
                <Identity user={user} />
              </TableCell>
              <TableCell>
                <RoleBadge role={user.role} />
              </TableCell>
              <TableCell className="min-w-[9rem]">
                <Company user={user} />
              </TableCell>
              <TableCell>
                <ApprovalBadge approval={user.approval} />
              </TableCell>
              <TableCell>
                <StandingBadge user={user} />
              </TableCell>
              <TableCell>
                <TwoFactorBadge on={user.twoFactor} short />
              </TableCell>
              <TableCell className="text-xs">
                <When at={user.lastSignInAt} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-xs">
                {formatDate(user.createdAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

function UserCards({ users }: { users: AdminUser[] }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Users">
      {users.map((user) => (
        <li
          key={user.id}
          aria-label={user.email}
          className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
        >
          <div className="flex items-start justify-between gap-2">
            <Identity user={user} />
            <RoleBadge role={user.role} />
          </div>
          {user.company || user.membership ? <Company user={user} /> : null}
          <div className="flex flex-wrap items-start gap-1.5">
            <ApprovalBadge approval={user.approval} />
            <StandingBadge user={user} />
            <TwoFactorBadge on={user.twoFactor} />
          </div>
          <p className="text-xs text-slate-600">
            Last sign-in {lastSignIn(user)} · Created {formatDate(user.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  )
}

/**
 * /admin/users: every account, searched by name, email, company, DOT or MC, filtered by role,
 * approval, standing and two-factor, sorted and paged (decision 0210); the actions waiting for a
 * second admin above it. The query lives in the URL. Live: another admin's action refetches the
 * list (the `account` notices, app/live-updates.tsx).
 */
/** `selfId`: the signed-in admin's own id (the app passes it), never offered their own requests. */
export function UserManagement({ selfId }: { selfId: number | null }) {
  const [params, setParams] = useSearchParams()
  const query = readQuery(params)
  const [search, setSearch] = React.useState(query.q ?? '')
  const list = useAdminUsers(query)
  const requests = useUserActionRequests()
  const nameOf = useAdminNames()

  const update = React.useCallback(
    (change: Partial<UserListQuery>) => {
      setParams(
        (current) => new URLSearchParams(toSearch({ ...readQuery(current), page: 1, ...change })),
        { replace: true }
      )
    },
    [setParams]
  )

  // The search box asks once typing pauses.
  React.useEffect(() => {
    if (search.trim() === (query.q ?? '').trim()) return
    const timer = setTimeout(() => update({ q: search.trim() || undefined }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search, query.q, update])

  const filtered = FILTERS.some((name) => query[name]) || Boolean(query.q)
  const clear = () => {
    setSearch('')
    update({
      q: undefined,
      role: undefined,
      approval: undefined,
      standing: undefined,
      twoFactor: undefined,
    })
  }
  const rows = list.data?.data
  const meta = list.data?.meta
  const pending = requests.data ?? []

  return (
    <AdminFrame screen={paths.adminUsers.getHref()} mobileTitle="User Management">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">User Management</h1>
        <p className="mt-1 text-slate-600">
          Every account on PalletLine. Open one to see its company, sessions, tokens and history,
          and to act on it with a reason.
        </p>
      </div>

      {pending.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Pending confirmations</CardTitle>
            <CardDescription>
              Actions on admin accounts wait for a second admin. The admin who asked, and the admin
              concerned, cannot confirm.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PendingConfirmations requests={pending} selfId={selfId} nameOf={nameOf} />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Users</CardTitle>
          <CardDescription>
            {meta ? `${meta.total} ${meta.total === 1 ? 'account' : 'accounts'}` : 'Accounts'}
            {filtered ? (meta?.total === 1 ? ' matches' : ' match') : ' in all'}
            {filtered ? ' the search and filters.' : '.'} Updates live.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
            <div className="sm:col-span-2">
              <label htmlFor="users-search" className="text-sm font-medium text-slate-800">
                Search
              </label>
              <Input
                id="users-search"
                type="search"
                placeholder="Name, email, company, DOT or MC"
                maxLength={100}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            {FILTERS.map((name) => {
              const filter = FILTER_OPTIONS[name]
              return (
                <div key={name}>
                  <label htmlFor={`users-${name}`} className="text-sm font-medium text-slate-800">
                    {filter.label}
                  </label>
                  <NativeSelect
                    id={`users-${name}`}
                    value={query[name] ?? ''}
                    onChange={(e) => update({ [name]: e.target.value || undefined })}
                  >
                    <option value="">{filter.any}</option>
                    {filter.options.map(([value, text]) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              )
            })}
          </div>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="w-full sm:w-56 md:hidden">
              <label htmlFor="users-sort" className="text-sm font-medium text-slate-800">
                Sort
              </label>
              <NativeSelect
                id="users-sort"
                value={`${query.sort}:${query.direction}`}
                onChange={(e) => {
                  const [sort, direction] = e.target.value.split(':') as [UserSort, SortDirection]
                  update({ sort, direction })
                }}
              >
                {SORT_CHOICES.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {filtered ? (
              <Button size="sm" variant="outline" onClick={clear}>
                Clear search and filters
              </Button>
            ) : null}
          </div>
          <LoadStates
            query={{ ...list, data: rows, isLoading: list.isLoading && rows === undefined }}
            loadingLabel="Loading users"
            errorTitle="Could not load the users"
            skeletonRows={5}
            empty={{
              icon: Users,
              title: filtered ? 'No user matches' : 'No users yet',
              description: filtered
                ? 'No account matches this search and these filters.'
                : 'Accounts appear here as people register.',
              action: filtered ? (
                <Button size="sm" variant="outline" onClick={clear}>
                  Clear search and filters
                </Button>
              ) : undefined,
            }}
          >
            {(users) => (
              <>
                <UsersTable
                  users={users}
                  query={query}
                  onSort={(sort, direction) => update({ sort, direction })}
                />
                <UserCards users={users} />
                {meta && meta.lastPage > 1 ? (
                  <nav
                    aria-label="Pages of users"
                    className="flex items-center justify-between gap-2 text-sm"
                  >
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={meta.currentPage <= 1}
                      onClick={() => update({ ...query, page: meta.currentPage - 1 })}
                    >
                      Previous
                    </Button>
                    <span className="text-center">
                      Page {meta.currentPage} of {meta.lastPage}
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={meta.currentPage >= meta.lastPage}
                      onClick={() => update({ ...query, page: meta.currentPage + 1 })}
                    >
                      Next
                    </Button>
                  </nav>
                ) : null}
              </>
            )}
          </LoadStates>
        </CardContent>
      </Card>
    </AdminFrame>
  )
}
