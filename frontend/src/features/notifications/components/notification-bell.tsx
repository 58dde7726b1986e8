import { Bell } from 'lucide-react'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { useUnreadCount } from '@/features/notifications/api/notifications'

/**
 * The bell in the signed-in top bar (decision 0241): the unread count, kept fresh by the user's
 * live notices (`notification`), and the way to the notification centre.
 */
export function NotificationBell() {
  const { unread } = useUnreadCount()
  const count = unread ?? 0
  const shown = count > 99 ? '99+' : String(count)
  return (
    <Link
      to={paths.notifications.getHref()}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      data-testid="notification-bell"
    >
      <Bell className="h-5 w-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          aria-hidden="true"
          data-testid="notification-count"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  )
}
