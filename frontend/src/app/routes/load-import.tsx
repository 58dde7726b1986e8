import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { useUser } from '@/features/auth/api/get-user'
import { LoadImportPage } from '@/features/freight-board/components/load-import-page'

/** The import hears its progress on the company's own channel (docs/decisions/0248). */
export default function LoadImportRoute() {
  const { data: user } = useUser()
  return (
    <WithBackToDashboard>
      <LoadImportPage userId={user?.id ?? null} />
    </WithBackToDashboard>
  )
}
