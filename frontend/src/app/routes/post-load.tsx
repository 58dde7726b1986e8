import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { PostLoadPage } from '@/features/freight-board/components/post-load-page'

export default function PostLoadRoute() {
  return (
    <WithBackToDashboard>
      <PostLoadPage />
    </WithBackToDashboard>
  )
}
