import { ShieldAlert } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate, formatStatus } from '@/lib/format'
import { cn } from '@/lib/utils'
import { formatCents, useClaim, useClaims, type CargoClaim } from '@/features/claims/api/claims'
import { ClaimDetail, ClaimStatusBadge } from '@/features/claims/components/claim-detail'

/**
 * Cargo claims as a shipper or a carrier follows them (decisions 0232, 0233): the list, newest
 * first, and the chosen claim with the step that is the reader's to take. Which claim is chosen
 * lives in the URL (`?claim=`), so a link opens it.
 */
export function ClaimsPage({
  role,
  today,
  selectedId,
  onSelect,
}: {
  role: 'shipper' | 'carrier'
  today: string
  selectedId: number | null
  onSelect: (id: number) => void
}) {
  const claims = useClaims()
  const chosen = selectedId ?? claims.data?.[0]?.id ?? null
  return (
    <main className="mx-auto max-w-6xl space-y-4 p-4 sm:p-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Cargo claims</h1>
        <p className="text-sm text-slate-600">
          {role === 'shipper'
            ? 'Claims you filed on delivered bookings. File one from My Bookings.'
            : 'Claims shippers filed on your bookings. Answer each within 30 days.'}
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Claims</CardTitle>
          </CardHeader>
          <CardContent>
            <LoadStates
              query={claims}
              loadingLabel="Loading claims"
              errorTitle="Could not load the claims"
              empty={{
                icon: ShieldAlert,
                title: 'No claims',
                description:
                  role === 'shipper'
                    ? 'When freight arrives lost, damaged, short or late, file a claim from the delivered booking.'
                    : 'No shipper has filed a claim on your bookings.',
              }}
            >
              {(list) => <ClaimList claims={list} chosen={chosen} onSelect={onSelect} />}
            </LoadStates>
          </CardContent>
        </Card>
        {chosen !== null ? (
          <Card>
            <CardContent className="pt-6">
              <ChosenClaim id={chosen} role={role} today={today} />
            </CardContent>
          </Card>
        ) : claims.data && claims.data.length === 0 ? null : (
          <Card className="hidden lg:block">
            <CardHeader>
              <CardDescription>Choose a claim to see it.</CardDescription>
            </CardHeader>
          </Card>
        )}
      </div>
    </main>
  )
}

function ClaimList({
  claims,
  chosen,
  onSelect,
}: {
  claims: CargoClaim[]
  chosen: number | null
  onSelect: (id: number) => void
}) {
  return (
    <ul className="space-y-2" aria-label="Claims">
      {claims.map((claim) => (
        <li key={claim.id}>
          <button
            type="button"
            onClick={() => onSelect(claim.id)}
            aria-current={claim.id === chosen ? 'true' : undefined}
            className={cn(
              'w-full rounded-md border p-3 text-left text-sm transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              claim.id === chosen ? 'border-brand-500 bg-brand-50' : 'border-slate-200'
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{claim.reference}</span>
              <ClaimStatusBadge status={claim.status} />
            </span>
            <span className="mt-1 block text-slate-600">
              {formatStatus(claim.type)} · {formatCents(claim.amountCents)} · filed{' '}
              {formatDate(claim.filedAt)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

function ChosenClaim({
  id,
  role,
  today,
}: {
  id: number
  role: 'shipper' | 'carrier'
  today: string
}) {
  const { data, error, isLoading, isValidating, mutate } = useClaim(id)
  if (isLoading) return <Skeleton className="h-64 w-full" aria-label="Loading the claim" />
  if (!data) {
    return (
      <LoadError
        title="Could not load the claim"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  }
  return <ClaimDetail claim={data} role={role} today={today} />
}
