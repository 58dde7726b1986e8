import { useParams } from 'react-router-dom'
import { useUser } from '@/features/auth/api/get-user'
import { UserDetailPage } from '@/features/admin/components/user-detail'

export default function AdminUserRoute() {
  const { userId } = useParams()
  const { data: me } = useUser()
  return <UserDetailPage userId={userId ?? ''} selfId={me?.id ?? null} />
}
