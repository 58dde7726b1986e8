import type * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { formatCurrency } from '@/lib/format'
import type { LoadFundingIntent } from '@/features/freight-board/api/types'

/** What the card form needs to take the load's payment; the app supplies the form itself. */
export type FundingFormProps = {
  clientSecret: string
  /** dollars, the load's price as the server charges it */
  amount: number
  onSucceeded: () => void
  /** the way out beside Pay, closing the dialog */
  cancel: React.ReactNode
}

/** Renders the payments feature's card form; freight-board may not import it (app/ composes). */
export type RenderFundingForm = (props: FundingFormProps) => React.ReactNode

/** The carrier's share of a funded load's price; PalletLine keeps the rest. */
const CARRIER_PERCENT = 91

export type LoadFunding = { loadId: number; intent: LoadFundingIntent }

/** Fund load #id: what paying now means, the amount, and the card form. */
export function FundLoadDialog({
  funding,
  renderFundingForm,
  onFunded,
  onClose,
}: {
  /** the load and its intent; null when the dialog is closed */
  funding: LoadFunding | null
  renderFundingForm: RenderFundingForm
  onFunded: (loadId: number) => void
  onClose: () => void
}) {
  const amount = funding ? formatCurrency(funding.intent.amount) : ''
  return (
    <Dialog open={funding != null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Fund load #{funding?.loadId}</DialogTitle>
          <DialogDescription>
            Pay for the load now, so carriers know the money is there before they claim it.
          </DialogDescription>
        </DialogHeader>
        {funding ? (
          <div key={funding.intent.clientSecret} className="space-y-4">
            <dl className="flex items-baseline justify-between gap-4 rounded-md bg-slate-50 px-3 py-2">
              <dt className="text-sm text-slate-600">Charged to your card now</dt>
              <dd className="text-lg font-bold text-slate-900">{amount}</dd>
            </dl>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>Your card is charged the load&apos;s price, {amount}, now.</li>
              <li>
                PalletLine holds the money and pays it to the carrier who claims the load:{' '}
                {CARRIER_PERCENT} percent goes to the carrier, and PalletLine keeps{' '}
                {100 - CARRIER_PERCENT} percent.
              </li>
              <li>Carriers see the load as Funded on the freight board.</li>
              <li>
                If the load is cancelled, or expires before a carrier claims it, the charge is
                refunded to your card in full.
              </li>
            </ul>
            {renderFundingForm({
              clientSecret: funding.intent.clientSecret,
              amount: funding.intent.amount,
              onSucceeded: () => onFunded(funding.loadId),
              cancel: (
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
              ),
            })}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
