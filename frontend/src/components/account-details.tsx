import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/lib/format'

/** What dashboards show about the signed-in account; app/ maps the current user to it. */
export type AccountSummary = {
  name: string
  username: string
  email: string
  phone: string | null
  role: string
  createdAt?: string
}

export function AccountDetails({
  account,
  title = 'Profile',
  description = 'Your account details.',
}: {
  account: AccountSummary
  title?: string
  description?: string
}) {
  const rows: [string, string][] = [
    ['Name', account.name],
    ['Username', account.username],
    ['Email', account.email],
    ['Phone', account.phone || 'Not provided'],
    ['Account type', account.role],
  ]
  if (account.createdAt) rows.push(['Member since', formatDate(account.createdAt)])
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {label}
              </dt>
              <dd className="mt-1 text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
