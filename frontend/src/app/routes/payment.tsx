import { useParams } from 'react-router-dom'
import { PaymentPage } from '@/features/payments/components/payment-page'

export default function PaymentRoute() {
  const { bookingId = '' } = useParams()
  return <PaymentPage bookingId={bookingId} />
}
