import { LoadStates } from '@/components/load-states'
import * as React from 'react'
import { Eye, ListChecks } from 'lucide-react'
import { useSWRConfig } from 'swr'
import { Button } from '@/components/ui/button'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAdminDashboard } from '@/features/admin/api/get-admin-dashboard'
import {
  REVEAL_REASON_MAX,
  REVEAL_REASON_MIN,
  revealCarrier,
  type RevealedCarrier,
} from '@/features/admin/api/reveal-carrier'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import { formatCityState, formatCurrency, formatDate } from '@/lib/format'

/**
 * Recent Bookings: the five newest bookings on the platform, carriers under their anonymous
 * label; Reveal shows one booking's carrier on purpose (the server logs that reveal).
 */
export function RecentBookings() {
  const { data, error, isLoading, isValidating, mutate } = useAdminDashboard()
  const swr = useSWRConfig()
  const [revealed, setRevealed] = React.useState<Record<number, RevealedCarrier['carrier']>>({})
  const [revealing, setRevealing] = React.useState<number | null>(null)
  // The booking whose carrier the admin asked to see: a reason and a confirmation first.
  const [asking, setAsking] = React.useState<{ id: number; reference: string } | null>(null)
  const [reason, setReason] = React.useState('')
  const [reasonError, setReasonError] = React.useState<string | undefined>()
  const ask = (booking: { id: number; reference: string }) => {
    setReason('')
    setReasonError(undefined)
    setAsking(booking)
  }
  const reveal = async (bookingId: number) => {
    const text = reason.trim()
    if (text.length < REVEAL_REASON_MIN) {
      setReasonError(
        text
          ? `The reason must be at least ${REVEAL_REASON_MIN} characters`
          : 'Give the reason for revealing this carrier'
      )
      return
    }
    setRevealing(bookingId)
    try {
      const answer = await revealCarrier(bookingId, text)
      setRevealed((shown) => ({ ...shown, [bookingId]: answer.carrier }))
      setAsking(null)
      // The audit log gains this reveal.
      void swr.mutate(
        (key) => typeof key === 'string' && key.startsWith('/api/admin/analytics-overview')
      )
    } catch (err) {
      const field = isApiError(err) ? err.fieldErrors[0]?.message : undefined
      if (field) setReasonError(field)
      toast({
        variant: 'destructive',
        title: 'Could not reveal the carrier',
        description: field ?? (err instanceof Error ? err.message : String(err)),
      })
    } finally {
      setRevealing(null)
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Bookings</CardTitle>
        <CardDescription>The five most recent bookings on the platform.</CardDescription>
      </CardHeader>
      <CardContent>
        <LoadStates
          query={{ data, error, isLoading, isValidating, mutate }}
          loadingLabel="Loading recent bookings"
          errorTitle={'Could not load recent bookings'}
          empty={{
            icon: ListChecks,
            title: 'No bookings yet',
            description:
              'New bookings will be listed here with their TRT- reference, route, status and amount.',
          }}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100" aria-label="Recent bookings">
              {data.recentBookings.slice(0, 5).map((b) => (
                <li key={b.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-slate-900">{b.reference}</span>
                      <BookingStatusBadge status={b.status} />
                    </div>
                    <p className="text-sm text-slate-600">
                      {formatCityState(b.pickupCity, b.pickupState) || '—'} →{' '}
                      {formatCityState(b.deliveryCity, b.deliveryState) || '—'}
                    </p>
                    <p className="text-xs text-slate-500">
                      {[
                        b.shipperName && `Shipper ${b.shipperName}`,
                        b.carrierName && `Carrier ${revealed[b.id]?.companyName ?? b.carrierName}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {b.carrierName && !revealed[b.id] ? (
                      <Button
                        variant="outline"
                        size="sm"
                        className="h-7 gap-1 px-2 text-xs"
                        disabled={revealing === b.id}
                        onClick={() => ask(b)}
                        aria-label={`Reveal the carrier of ${b.reference}`}
                      >
                        <Eye className="h-3.5 w-3.5" aria-hidden="true" />
                        Reveal
                      </Button>
                    ) : null}
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="font-semibold text-slate-900">
                      {b.totalAmount == null ? '—' : formatCurrency(b.totalAmount)}
                    </p>
                    <p className="text-xs text-slate-500">{formatDate(b.createdAt)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </LoadStates>
        <ConfirmDialog
          open={asking !== null}
          title={`Reveal the carrier of ${asking?.reference ?? ''}?`}
          description="The carrier's company and contact are shown to you, and the reveal is logged with your name and your reason in the identity reveal audit log. It cannot be taken back."
          confirmLabel="Reveal carrier"
          busyLabel="Revealing..."
          cancelLabel="Keep hidden"
          busy={asking !== null && revealing === asking.id}
          onConfirm={() => asking && void reveal(asking.id)}
          onCancel={() => setAsking(null)}
        >
          <FormField
            id="reveal-reason"
            label="Reason for the reveal"
            hint="For example the support ticket or dispute it is for."
            error={reasonError}
          >
            <Textarea
              id="reveal-reason"
              rows={3}
              value={reason}
              maxLength={REVEAL_REASON_MAX}
              aria-describedby="reveal-reason-error"
              onChange={(e) => setReason(e.target.value)}
            />
          </FormField>
        </ConfirmDialog>
      </CardContent>
    </Card>
  )
}
