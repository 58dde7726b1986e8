import { AccountDetails, type AccountSummary } from '@/components/account-details'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useCarrierProfile } from '@/features/carrier/api/get-carrier-profile'
import { SectionHeader } from '@/features/carrier/components/section-header'

/** Company Profile: the carrier company on record and the signed-in account. */
export function CompanyProfile({ account }: { account: AccountSummary }) {
  const { data, error, isLoading, isValidating, mutate } = useCarrierProfile()
  const rows: [string, string][] = data
    ? [
        ['Company name', data.companyName],
        ['DOT number', data.dotNumber || 'Not provided'],
        ['MC number', data.mcNumber || 'Not provided'],
        ['Business address', data.businessAddress || 'Not provided'],
        [
          'City, State ZIP',
          [[data.city, data.state].filter(Boolean).join(', '), data.zipCode]
            .filter(Boolean)
            .join(' ') || 'Not provided',
        ],
      ]
    : []

  return (
    <div className="space-y-6">
      <SectionHeader title="Company Profile" />
      <Card>
        <CardHeader>
          <CardTitle>Company</CardTitle>
          <CardDescription>The carrier company registered with this account.</CardDescription>
        </CardHeader>
        <CardContent>
          {isLoading ? (
            <div
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
              aria-busy="true"
              aria-label="Loading company"
            >
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : error && !data ? (
            <LoadError
              title="Could not load your company profile"
              error={error}
              onRetry={() => void mutate()}
              retrying={isValidating}
            />
          ) : (
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
          )}
        </CardContent>
      </Card>
      <AccountDetails
        account={account}
        title="Account"
        description="The carrier account you are signed in with."
      />
    </div>
  )
}
