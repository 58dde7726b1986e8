import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { LoadTemplatesPage } from '@/features/freight-board/components/load-templates-page'

export default function LoadTemplatesRoute() {
  return (
    <WithBackToDashboard>
      <LoadTemplatesPage />
    </WithBackToDashboard>
  )
}
