import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { NotificationsPage } from '@/features/notifications/components/notifications-page'

export default function NotificationsRoute() {
  return (
    <WithBackToDashboard>
      <NotificationsPage />
    </WithBackToDashboard>
  )
}
