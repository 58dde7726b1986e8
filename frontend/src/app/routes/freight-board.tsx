import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { FreightBoardPage } from '@/features/freight-board/components/freight-board-page'

export default function FreightBoardRoute() {
  return (
    <WithBackToDashboard>
      <FreightBoardPage />
    </WithBackToDashboard>
  )
}
