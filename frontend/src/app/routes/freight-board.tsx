import { FreightBoardPage } from '@/features/freight-board/components/freight-board-page'

export default function FreightBoardRoute() {
  return <FreightBoardPage />
}
