import { useSearchParams } from 'react-router-dom'
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page'
import { useRefreshAfterPayment } from '@/features/shipper/api/refresh-after-payment'

export default function PaymentSuccessRoute() {
  const [params] = useSearchParams()
  const refreshAfterPayment = useRefreshAfterPayment()
  return (
    <PaymentSuccessPage
      bookingId={params.get('booking') ?? ''}
      redirectStatus={params.get('redirect_status')}
      onPaid={refreshAfterPayment}
    />
  )
}
