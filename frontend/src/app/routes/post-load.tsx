import { PostLoadPage } from '@/features/freight-board/components/post-load-page'

export default function PostLoadRoute() {
  return <PostLoadPage />
}
