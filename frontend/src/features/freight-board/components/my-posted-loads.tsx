import * as React from 'react'
import { Link } from 'react-router-dom'
import {
  BookmarkPlus,
  ChevronDown,
  ChevronUp,
  CreditCard,
  PackageOpen,
  UserPlus,
} from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { formatCount, formatCurrency, formatDate, formatMiles } from '@/lib/format'
import { cancelLoad } from '@/features/freight-board/api/cancel-load'
import { fundLoad } from '@/features/freight-board/api/fund-load'
import { useShipperLoads } from '@/features/freight-board/api/get-shipper-loads'
import type { ShipperLoad, ShipperLoadStatus } from '@/features/freight-board/api/types'
import {
  FundLoadDialog,
  type LoadFunding,
  type RenderFundingForm,
} from '@/features/freight-board/components/fund-load-dialog'
import { InviteCarrierDialog } from '@/features/freight-board/components/invite-carrier-dialog'
import { TemplateNameDialog } from '@/features/freight-board/components/template-name-dialog'
import { saveLoadAsTemplate } from '@/features/freight-board/api/load-templates'
import { ShipperOffersPanel } from '@/features/freight-board/components/shipper-offers-panel'
import { LoadAuditTimeline } from '@/features/freight-board/components/load-audit-timeline'
import { useNow } from '@/features/freight-board/hooks/use-now'
import { useRevalidateOnExpiry } from '@/features/freight-board/hooks/use-revalidate-on-expiry'
import { useRevalidateUntilFunded } from '@/features/freight-board/hooks/use-revalidate-until-funded'
import { serverMessageOf } from '@/lib/api-errors'
import { formatCountdown, formatPlace } from '@/features/freight-board/utils/format-load'
import { recommendationBasisLine } from '@/features/freight-board/utils/recommendation-basis'
import { RatingSummary } from '@/components/ui/rating-summary'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'

const STATUS_VARIANT: Record<ShipperLoadStatus, 'info' | 'success' | 'secondary' | 'warning'> = {
  OPEN: 'info',
  CLAIMED: 'success',
  CANCELLED: 'secondary',
  EXPIRED: 'warning',
}

function isHeld(load: ShipperLoad, now: number) {
  return (
    load.status === 'OPEN' &&
    load.hold_expires_at != null &&
    new Date(load.hold_expires_at).getTime() > now
  )
}

/** How the load's card payment stands, for the Fund button and the line under the figures. */
type FundingState = 'unavailable' | 'available' | 'starting' | 'confirming'

function PostedLoadCard({
  load,
  now,
  funding,
  onCancel,
  onInvite,
  onFund,
  onSaveTemplate,
}: {
  load: ShipperLoad
  now: number
  funding: FundingState
  onCancel: (load: ShipperLoad) => void
  onInvite: (load: ShipperLoad) => void
  onFund: (load: ShipperLoad) => void
  /** Saves the load's form as a template (docs/decisions/0248). */
  onSaveTemplate: (load: ShipperLoad) => void
}) {
  const [open, setOpen] = React.useState(false)
  const held = isHeld(load, now)
  const historyId = `posted-load-${load.id}-history`
  return (
    <li id={`load-${load.id}`} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">
            {formatPlace(load.origin)} → {formatPlace(load.destination)}
          </p>
          <p className="text-sm text-slate-600">
            Listing #{load.id} · {EQUIPMENT_LABELS[load.equipment]} · {MODE_LABELS[load.mode]} ·{' '}
            {formatCount(load.pallets)} {load.pallets === 1 ? 'pallet' : 'pallets'} ·{' '}
            {formatMiles(load.distance_miles)} · posted {formatDate(load.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge variant={STATUS_VARIANT[load.status]}>{load.status.toLowerCase()}</Badge>
          {held ? <Badge variant="warning">Held</Badge> : null}
          {load.payment_status === 'FUNDED' ? <Badge variant="success">Funded</Badge> : null}
          {load.payment_status === 'REFUNDED' ? <Badge variant="secondary">Refunded</Badge> : null}
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Your price</dt>
          <dd className="font-semibold text-slate-900">{formatCurrency(load.price)}</dd>
        </div>
        {load.recommended?.basis ? (
          // The mid with what it rests on, in the post form's words (decision 0176); a figure
          // whose basis was not recorded is not shown at all.
          <div className="col-span-2">
            <dt className="text-slate-600">Recommended mid</dt>
            <dd className="font-semibold text-slate-900">{formatCurrency(load.recommended.mid)}</dd>
            <dd className="text-xs text-slate-600">
              {`${formatCurrency(load.recommended.per_pallet_mile)} per pallet-mile`}
            </dd>
            <dd className="text-xs text-slate-600">
              {recommendationBasisLine({
                ...load.recommended.basis,
                equipment: load.equipment,
                mode: load.mode,
              })}
            </dd>
          </div>
        ) : null}
        {load.carrier_label ? (
          <div>
            <dt className="text-slate-600">{held ? 'Held by' : 'Carrier'}</dt>
            <dd className="font-semibold text-slate-900">{load.carrier_label}</dd>
            {load.carrier_rating ? (
              <dd>
                <RatingSummary
                  average={load.carrier_rating.average}
                  count={load.carrier_rating.count}
                  onTimeRate={load.carrier_rating.on_time_rate}
                />
              </dd>
            ) : null}
          </div>
        ) : null}
        {held ? (
          <div>
            <dt className="text-slate-600">Hold ends in</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">
              {formatCountdown(load.hold_expires_at, now)}
            </dd>
          </div>
        ) : null}
        {load.status === 'CLAIMED' && load.booking_id != null ? (
          <div>
            <dt className="text-slate-600">Booking</dt>
            {load.payment_status === 'FUNDED' || load.booking_paid ? (
              // Paid, by the load's charge at the claim or by card afterwards: nothing to pay.
              <dd className="font-semibold text-slate-900">
                {load.booking_reference}{' '}
                <span className="block font-normal text-slate-600">
                  {load.payment_status === 'FUNDED' ? "Paid from the load's funding" : 'Paid'}
                </span>
                {/* The booking is paid: Shipment Management names its carrier (not the
                    payment-success page, which is about a payment just made). */}
                <Link
                  to={paths.shipper.getHref('bookings')}
                  className="text-brand-700 underline underline-offset-2"
                >
                  See your carrier
                </Link>
              </dd>
            ) : (
              <dd className="font-semibold text-slate-900">
                {load.booking_reference}{' '}
                <Link
                  to={paths.payment.getHref(load.booking_id)}
                  className="text-brand-700 underline underline-offset-2"
                >
                  Pay now
                </Link>
              </dd>
            )}
          </div>
        ) : null}
      </dl>
      {funding === 'confirming' ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Card accepted. Waiting for the payment to be confirmed...
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={historyId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? (
            <ChevronUp className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          )}
          History of listing #{load.id}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Save listing #${load.id} as a template`}
          onClick={() => onSaveTemplate(load)}
        >
          <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
          Save as template
        </Button>
        {load.status === 'OPEN' ? (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Invite a carrier to listing #${load.id}`}
              onClick={() => onInvite(load)}
            >
              <UserPlus className="h-4 w-4" aria-hidden="true" />
              Invite a carrier
            </Button>
            {funding === 'available' || funding === 'starting' ? (
              <Button
                size="sm"
                aria-label={`Fund listing #${load.id} by card`}
                aria-busy={funding === 'starting' || undefined}
                disabled={funding === 'starting'}
                onClick={() => onFund(load)}
              >
                <CreditCard className="h-4 w-4" aria-hidden="true" />
                {funding === 'starting' ? 'Preparing payment...' : 'Fund by card'}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => onCancel(load)}>
              Cancel listing #{load.id}
            </Button>
          </>
        ) : null}
      </div>
      {load.status === 'OPEN' ? <ShipperOffersPanel listingId={load.id} /> : null}
      {open ? (
        <div id={historyId} className="mt-3">
          <LoadAuditTimeline loadId={load.id} />
        </div>
      ) : null}
    </li>
  )
}

/**
 * The shipper's posted loads: status, who holds or claimed each, its history, Cancel, and
 * Fund by card when the app supplies the card form (`renderFundingForm`).
 */
export function MyPostedLoads({ renderFundingForm }: { renderFundingForm?: RenderFundingForm }) {
  const query = useShipperLoads()
  const [cancelling, setCancelling] = React.useState<ShipperLoad | null>(null)
  const [busy, setBusy] = React.useState(false)
  const [inviting, setInviting] = React.useState<ShipperLoad | null>(null)
  const [templating, setTemplating] = React.useState<ShipperLoad | null>(null)
  const [startingFund, setStartingFund] = React.useState<number | null>(null)
  const [funding, setFunding] = React.useState<LoadFunding | null>(null)
  const anyHeld = (query.data ?? []).some((l) => l.status === 'OPEN' && l.hold_expires_at)
  const now = useNow(anyHeld)
  const { mutate } = query
  const revalidate = React.useCallback(() => void mutate(), [mutate])
  const expiries = React.useMemo(
    () => (query.data ?? []).filter((l) => l.status === 'OPEN').map((l) => l.hold_expires_at),
    [query.data]
  )
  useRevalidateOnExpiry(expiries, now, revalidate)
  const confirmingFunds = useRevalidateUntilFunded(query.data, revalidate)

  const fundingState = (load: ShipperLoad): FundingState => {
    if (!renderFundingForm || load.status !== 'OPEN' || load.payment_status !== 'UNFUNDED') {
      return 'unavailable'
    }
    if (confirmingFunds.waiting.has(load.id)) return 'confirming'
    return startingFund === load.id ? 'starting' : 'available'
  }

  const startFunding = async (load: ShipperLoad) => {
    if (startingFund != null) return
    setStartingFund(load.id)
    try {
      const intent = await fundLoad(load.id)
      setFunding({ loadId: load.id, intent })
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Could not fund the load',
        description: serverMessageOf(error) ?? 'The card payment could not be set up',
      })
      // A 409 means the load changed (funded, claimed, cancelled): show how it stands now.
      revalidate()
    } finally {
      setStartingFund(null)
    }
  }

  const funded = (loadId: number) => {
    setFunding(null)
    toast({
      variant: 'success',
      title: 'Load funded',
      description: `Carriers now see listing #${loadId} as funded.`,
    })
    confirmingFunds.watch(loadId)
  }

  const confirmCancel = async (load: ShipperLoad) => {
    setBusy(true)
    try {
      await cancelLoad(load.id)
      toast({ variant: 'success', title: `Listing #${load.id} cancelled` })
      setCancelling(null)
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessageOf(error) ?? 'Failed to cancel the load',
      })
      setCancelling(null)
    } finally {
      setBusy(false)
      void query.mutate()
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>My Posted Loads</CardTitle>
        <CardDescription>Updates live as carriers hold and claim your loads.</CardDescription>
      </CardHeader>
      <CardContent>
        <LoadStates
          query={query}
          loadingLabel="Loading your posted loads"
          errorTitle="Could not load your posted loads"
          empty={{
            icon: PackageOpen,
            title: 'No loads posted yet',
            description: 'Loads you publish above appear here with their status and history.',
          }}
        >
          {(loads) => (
            <ul className="space-y-3" aria-label="My posted loads">
              {loads.map((load) => (
                <PostedLoadCard
                  key={load.id}
                  load={load}
                  now={now}
                  funding={fundingState(load)}
                  onCancel={setCancelling}
                  onInvite={setInviting}
                  onFund={(l) => void startFunding(l)}
                  onSaveTemplate={setTemplating}
                />
              ))}
            </ul>
          )}
        </LoadStates>
      </CardContent>

      <InviteCarrierDialog load={inviting} onClose={() => setInviting(null)} />

      <TemplateNameDialog
        open={templating !== null}
        title={`Save listing #${templating?.id ?? ''} as a template`}
        description="Its places, equipment, freight, instructions, price and offer terms; not its dates."
        confirmLabel="Save template"
        onClose={() => setTemplating(null)}
        onSave={async (name) => {
          await saveLoadAsTemplate(templating!.id, name)
          toast({ variant: 'success', title: `Template "${name}" saved` })
        }}
      />

      {renderFundingForm ? (
        <FundLoadDialog
          funding={funding}
          renderFundingForm={renderFundingForm}
          onFunded={funded}
          onClose={() => setFunding(null)}
        />
      ) : null}

      <Dialog
        open={cancelling != null}
        onOpenChange={(open) => !open && !busy && setCancelling(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel listing #{cancelling?.id}?</DialogTitle>
            <DialogDescription>
              The load leaves the freight board at once and cannot be held or claimed any more.
              {cancelling?.payment_status === 'FUNDED'
                ? ` Its card payment of ${formatCurrency(cancelling.price)} is refunded in full.`
                : null}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setCancelling(null)} disabled={busy}>
              Keep load
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => cancelling && void confirmCancel(cancelling)}
            >
              {busy ? 'Cancelling...' : 'Cancel load'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
