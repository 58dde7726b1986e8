import { CreditCard } from 'lucide-react'
import { SectionPlaceholder } from '@/components/section-placeholder'
import { formatBookingReference } from '@/lib/format'

/** /payment/:bookingId: card payment for one booking. */
export function PaymentPage({ bookingId }: { bookingId: string }) {
  const reference = /^\d+$/.test(bookingId) ? formatBookingReference(bookingId) : bookingId
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <SectionPlaceholder
        title="Payment"
        description={`Booking ${reference}`}
        emptyText="The booking summary and the secure card payment form for this booking will appear here."
        icon={CreditCard}
      />
    </main>
  )
}
