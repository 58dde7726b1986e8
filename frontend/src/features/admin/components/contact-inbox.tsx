import * as React from 'react'
import { Inbox } from 'lucide-react'
import { Pager } from '@/components/ui/pager'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useContactMessages } from '@/features/admin/api/contact-messages'
import { formatDateTime } from '@/lib/format'

/**
 * Contact Messages (docs/decisions/0185): what visitors and users sent through the contact
 * form, newest first, a page at a time. Each message was also mailed to the operators' inbox.
 */
export function ContactInbox() {
  const [page, setPage] = React.useState(1)
  const { data, error, isLoading, isValidating, mutate } = useContactMessages(page)
  const lastPage = Math.max(1, data?.meta.lastPage ?? 1)
  const shownPage = data?.meta.currentPage ?? page

  return (
    <Card id="contact-messages" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Contact Messages</CardTitle>
        <CardDescription>
          Messages sent through the contact form, newest first. Each one was also mailed to the
          operators&apos; inbox; reply by email.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading && !data ? (
          <div
            className="space-y-2"
            role="status"
            aria-busy="true"
            aria-label="Loading contact messages"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : error && !data ? (
          <LoadError
            title="Could not load the contact messages"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !data || data.data.length === 0 ? (
          <EmptyState
            icon={Inbox}
            title="No messages yet"
            description="Messages sent through the contact form will be listed here with the sender and the time."
          />
        ) : (
          <>
            <ul
              className="divide-y divide-slate-100"
              aria-label="Contact messages"
              aria-busy={isValidating || undefined}
            >
              {data.data.map((m) => (
                <li key={m.id} className="space-y-1 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <p className="font-medium text-slate-900">{m.subject}</p>
                    <p className="text-xs whitespace-nowrap text-slate-500">
                      {formatDateTime(m.receivedAt)}
                    </p>
                  </div>
                  <p className="text-sm break-words text-slate-600">
                    {m.name} ·{' '}
                    <a
                      href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                      className="text-brand-600 hover:underline"
                    >
                      {m.email}
                    </a>
                    {m.company ? ` · ${m.company}` : ''}
                    {m.fromUserId ? ` · user #${m.fromUserId}` : ''}
                  </p>
                  <p className="text-sm whitespace-pre-line break-words text-slate-800">
                    {m.message}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              label="Contact message pages"
              page={shownPage}
              lastPage={lastPage}
              total={data.meta.total}
              noun={['message', 'messages']}
              loading={isValidating}
              onPage={setPage}
            />
          </>
        )}
      </CardContent>
    </Card>
  )
}
