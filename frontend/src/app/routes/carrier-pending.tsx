import { CarrierPending } from '@/features/auth/components/carrier-pending'

export default function CarrierPendingRoute() {
  return <CarrierPending />
}
