import * as React from 'react'
import { Eye } from 'lucide-react'
import { Pager } from '@/components/ui/pager'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import {
  AUDIT_LOG_PER_PAGE,
  useAnalyticsOverview,
  type RevealViewerFilter,
} from '@/features/admin/api/get-analytics-overview'
import { formatDateTime, formatStatus } from '@/lib/format'

/** Identity Reveal Audit Log: every time a carrier's identity was shown, newest first, paged. */
export function IdentityRevealLog() {
  const [page, setPage] = React.useState(1)
  const [viewerRole, setViewerRole] = React.useState<RevealViewerFilter>('all')
  const { data, error, isLoading, isValidating, mutate } = useAnalyticsOverview(
    page,
    AUDIT_LOG_PER_PAGE,
    viewerRole
  )
  const log = data?.identityRevealLogs
  const lastPage = Math.max(1, log?.meta.lastPage ?? 1)
  const shownPage = log?.meta.currentPage ?? page

  return (
    <Card>
      <CardHeader>
        <CardTitle>Identity Reveal Audit Log</CardTitle>
        <CardDescription>
          Every time a carrier&apos;s identity was shown: booking, viewer, role and time, and the
          reason an admin gave for revealing a carrier on purpose.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor="reveal-viewer-role" className="text-slate-700">
            Viewer
          </label>
          <select
            id="reveal-viewer-role"
            value={viewerRole}
            onChange={(event) => {
              setViewerRole(event.target.value as RevealViewerFilter)
              setPage(1)
            }}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-slate-900"
          >
            <option value="all">Everyone</option>
            <option value="shipper">Shippers</option>
            <option value="admin">Admins</option>
          </select>
        </div>
        {isLoading && !data ? (
          <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading audit log">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : error && !data ? (
          <LoadError
            title="Could not load the audit log"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !log || log.data.length === 0 ? (
          <EmptyState
            icon={Eye}
            title="No identity reveals yet"
            description="Each reveal will be listed with the booking, the viewer, the viewer's role, the time and an admin's reason."
          />
        ) : (
          <>
            <Table aria-label="Identity reveals" aria-busy={isValidating || undefined}>
              <TableHeader>
                <tr>
                  <TableHead>Booking</TableHead>
                  <TableHead>Viewer</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Viewed At</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {log.data.map((entry) => (
                  <React.Fragment key={entry.id}>
                    <TableRow className={entry.reason ? 'border-b-0' : undefined}>
                      <TableCell className="font-medium text-slate-900">
                        {entry.bookingReference}
                      </TableCell>
                      <TableCell>
                        {entry.viewerName ?? (entry.viewerId ? `User #${entry.viewerId}` : '—')}
                      </TableCell>
                      <TableCell>{formatStatus(entry.viewerRole)}</TableCell>
                      <TableCell className="min-w-28">{formatDateTime(entry.viewedAt)}</TableCell>
                    </TableRow>
                    {/* An admin's deliberate reveal says why (docs/decisions/0186); a page's view has no reason. */}
                    {entry.reason ? (
                      <TableRow
                        aria-label={`Reason for revealing the carrier of ${entry.bookingReference}`}
                      >
                        <TableCell colSpan={4} className="pt-0">
                          {/* Within the visible width when a phone scrolls the table sideways. */}
                          <p className="sticky left-3 max-w-[calc(100vw-7rem)] whitespace-pre-line break-words">
                            <span className="font-medium text-slate-900">Reason: </span>
                            {entry.reason}
                          </p>
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </React.Fragment>
                ))}
              </TableBody>
            </Table>
            <Pager
              label="Audit log pages"
              page={shownPage}
              lastPage={lastPage}
              total={log.meta.total}
              noun={['entry', 'entries']}
              loading={isValidating}
              onPage={setPage}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
