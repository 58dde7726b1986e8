import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { useRefreshCarrierBookings } from '@/app/refresh-carrier-bookings'
import { FreightBoardPage } from '@/features/freight-board/components/freight-board-page'

export default function FreightBoardRoute() {
  const refreshBookings = useRefreshCarrierBookings()
  return (
    <WithBackToDashboard width="wide">
      <FreightBoardPage onClaimed={refreshBookings} />
    </WithBackToDashboard>
  )
}
