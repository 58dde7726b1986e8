import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'

/** Asks before cancelling: the reserved pallets go back to the carrier. */
export function CancelBookingDialog({
  booking,
  busy,
  onConfirm,
  onClose,
}: {
  booking: ShipperBooking | null
  busy: boolean
  onConfirm: (booking: ShipperBooking) => void
  onClose: () => void
}) {
  return (
    <Dialog open={booking != null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel booking {booking?.reference}?</DialogTitle>
          <DialogDescription>
            The reserved pallet space goes back to the carrier and the booking cannot be restored.
            You can search and book again at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep booking
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => booking && onConfirm(booking)}
          >
            {busy ? 'Cancelling...' : 'Cancel booking'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
