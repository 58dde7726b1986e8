import { useSearchParams } from 'react-router-dom'
import { PaymentSuccessPage } from '@/features/payments/components/payment-success-page'

export default function PaymentSuccessRoute() {
  const [params] = useSearchParams()
  return (
    <PaymentSuccessPage
      bookingId={params.get('booking') ?? ''}
      redirectStatus={params.get('redirect_status')}
    />
  )
}
