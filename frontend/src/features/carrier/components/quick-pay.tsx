import * as React from 'react'
import { Zap } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { toast } from '@/components/ui/use-toast'
import type { CarrierPayout } from '@/features/carrier/api/get-payouts'
import { carrierPayoutsKey } from '@/features/carrier/api/get-payouts'
import { takeQuickPay } from '@/features/carrier/api/quick-pay'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { under, useRefresh } from '@/features/carrier/api/refresh'
import { serverMessage } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'

const dollars = (cents: number) => formatCurrency(cents / 100)

/**
 * "Get paid now" on a delivered booking's pending payout (docs/decisions/0222): the amount paid
 * now and the fee are on the row before anything is asked; the button opens a confirmation
 * (the quick pay cannot be undone) that names both again. One Idempotency-Key per confirmation
 * opened, so a retry after a lost answer is the same request. After it, the history is read
 * again (and the payout notice refreshes it too, for other tabs).
 */
export function QuickPayOffer({ payout }: { payout: CarrierPayout }) {
  const quote = payout.quickPay
  const refresh = useRefresh()
  const [open, setOpen] = React.useState(false)
  const [busy, setBusy] = React.useState(false)
  const key = React.useRef<string>('')
  if (!quote?.available) return null

  const start = () => {
    key.current = crypto.randomUUID()
    setOpen(true)
  }

  const confirm = async () => {
    setBusy(true)
    try {
      const result = await takeQuickPay(quote.bookingId, key.current)
      toast({
        variant: 'success',
        title:
          result.outcome === 'paid'
            ? `Paid ${dollars(result.quote.amountNowCents)} now`
            : `Quick pay requested: ${dollars(result.quote.amountNowCents)}`,
        description: quote.reference,
      })
      setOpen(false)
    } catch (failure) {
      toast({ variant: 'destructive', title: serverMessage(failure, 'Quick pay failed') })
      setOpen(false)
    } finally {
      setBusy(false)
      void refresh(under(carrierPayoutsKey), under(carrierDashboardKey))
    }
  }

  return (
    <div className="space-y-1">
      <p className="max-w-56 text-xs text-slate-600">
        {dollars(quote.amountNowCents)} now, quick-pay fee {dollars(quote.feeCents)} (
        {quote.feePercent}%)
        {quote.recoveryCents > 0 && `, claim recovery ${dollars(quote.recoveryCents)}`}
      </p>
      <Button size="sm" variant="outline" onClick={start} aria-haspopup="dialog">
        <Zap className="mr-1 h-4 w-4" aria-hidden="true" />
        Get paid now
      </Button>
      <ConfirmDialog
        open={open}
        title={`Get paid now for ${quote.reference}?`}
        description={`You receive ${dollars(quote.amountNowCents)} now instead of 48 hours after delivery. The quick-pay fee of ${dollars(quote.feeCents)} (${quote.feePercent}% of your ${dollars(quote.payoutCents)} payout) goes to PalletLine.${quote.recoveryCents > 0 ? ` ${dollars(quote.recoveryCents)} of it pays back what you owe on a settled cargo claim.` : ''} This cannot be undone.`}
        confirmLabel={`Get ${dollars(quote.amountNowCents)} now`}
        busyLabel="Paying..."
        cancelLabel="Not now"
        confirmVariant="default"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  )
}

/** A quick-paid payout's note: taken by quick pay, the fee, and what was paid. */
export function QuickPayNote({ payout }: { payout: CarrierPayout }) {
  if (payout.quickPayFeeCents === null) return null
  const paid = Math.round(payout.payoutAmount * 100) - payout.quickPayFeeCents
  return (
    <p className="max-w-56 text-xs text-slate-600">
      Quick pay: fee {dollars(payout.quickPayFeeCents)}, {dollars(paid)} paid
    </p>
  )
}
