import { useSWRConfig } from 'swr'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { formatCurrency } from '@/lib/format'
import { makeOffer, myOffersKey } from '@/features/freight-board/api/offers'
import type { BoardLoad } from '@/features/freight-board/api/types'
import { OfferForm } from '@/features/freight-board/components/offer-form'
import { formatPlace } from '@/features/freight-board/utils/format-load'

/** "Make an offer" on a board load: an amount below the price, a note, how long it stands. */
export function MakeOfferDialog({
  load,
  onClose,
}: {
  load: BoardLoad | null
  onClose: () => void
}) {
  const { mutate } = useSWRConfig()
  return (
    <Dialog open={load !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {load ? (
          <>
            <DialogHeader>
              <DialogTitle>Make an offer on load #{load.id}</DialogTitle>
              <DialogDescription>
                {formatPlace(load.origin)} → {formatPlace(load.destination)}. Posted at{' '}
                {formatCurrency(load.price)} (you would earn {formatCurrency(load.carrier_pay)}).
                Offer less; the shipper accepts, declines or counters.
              </DialogDescription>
            </DialogHeader>
            <OfferForm
              idPrefix={`offer-${load.id}`}
              submitLabel="Send offer"
              busyLabel="Sending..."
              showCarrierPay
              onCancel={onClose}
              onSubmit={async (input) => {
                const offer = await makeOffer(load.id, input)
                void mutate(myOffersKey)
                if (offer.status === 'DECLINED') {
                  toast({
                    variant: 'destructive',
                    title: 'Offer declined',
                    description: offer.message ?? 'The shipper does not take offers this low',
                  })
                } else {
                  toast({
                    variant: 'success',
                    title: 'Offer sent',
                    description: `${formatCurrency(offer.amount_cents / 100)} on load #${load.id}`,
                  })
                }
                onClose()
              }}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
