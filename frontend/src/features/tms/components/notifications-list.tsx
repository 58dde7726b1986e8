import { Bell } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useNotifications } from '@/features/tms/api/get-notifications'
import { formatDateTime, formatStatus } from '@/lib/format'

/** What the user's in-app alert rules reported, newest first. */
export function NotificationsList() {
  const query = useNotifications()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>What your in-app alert rules reported.</CardDescription>
      </CardHeader>
      <CardContent>
        <LoadStates
          query={query}
          loadingLabel="Loading notifications"
          errorTitle="Could not load your notifications"
          empty={{
            icon: Bell,
            title: 'No notifications',
            description: 'Alerts from your rules appear here.',
          }}
        >
          {(list) => (
            <ul aria-label="Notifications" className="divide-y divide-slate-200">
              {list.map((n) => (
                <li key={n.id} className="py-2">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <Badge variant={n.trigger === 'delivered' ? 'success' : 'warning'}>
                      {formatStatus(n.trigger)}
                    </Badge>
                    {n.reference}
                  </p>
                  <p className="text-sm text-slate-700">{n.message}</p>
                  <p className="text-xs text-slate-500">
                    {formatDateTime(n.createdAt)}
                    {n.emailed ? ' · also emailed' : ''}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </LoadStates>
      </CardContent>
    </Card>
  )
}
