import { useUser } from '@/features/auth/api/get-user'
import { UserManagement } from '@/features/admin/components/user-management'

export default function AdminUsersRoute() {
  const { data: me } = useUser()
  return <UserManagement selfId={me?.id ?? null} />
}
