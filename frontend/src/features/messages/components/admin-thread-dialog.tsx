import * as React from 'react'
import useSWR from 'swr'
import { Eye, MessageSquare } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { api } from '@/lib/api-client'
import {
  bookingMessagesKey,
  type BookingMessageThread,
} from '@/features/messages/api/booking-messages'
import { MessageItem } from '@/features/messages/components/booking-messages-dialog'

const noEdit = async () => undefined

/**
 * "Read messages" for admins (decisions 0230, 0231): a booking's thread, read-only, while a
 * disputed invoice or a cargo claim names the booking. Every read is logged in the identity
 * reveal log, so the thread is fetched once when the dialog opens (no polling, no refetch on
 * focus: each would be another logged read) and again only on "Reload".
 */
export function AdminThreadDialog({
  bookingId,
  reference,
}: {
  bookingId: number
  reference: string
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Read messages of ${reference}`}>
          <Eye className="h-4 w-4" aria-hidden="true" />
          Read messages
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Messages · {reference}</DialogTitle>
          <DialogDescription>
            Between the booking’s shipper and carrier, read-only. Each time you open it, the read is
            recorded in the identity reveal log with the dispute or claim that allows it.
          </DialogDescription>
        </DialogHeader>
        {open ? <AdminThread bookingId={bookingId} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function AdminThread({ bookingId }: { bookingId: number }) {
  const key = `admin:${bookingMessagesKey(bookingId)}`
  const { data, error, isLoading, isValidating, mutate } = useSWR<BookingMessageThread>(
    key,
    () => api.get<BookingMessageThread>(bookingMessagesKey(bookingId)),
    {
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
      shouldRetryOnError: false,
    }
  )
  if (isLoading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading messages" className="space-y-3">
        <Skeleton className="h-14 w-2/3" />
        <Skeleton className="ml-auto h-14 w-2/3" />
      </div>
    )
  }
  if (error || !data) {
    return (
      <LoadError
        title="Could not load the messages"
        error={error ?? new Error('No answer')}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  }
  if (data.messages.length === 0) {
    return (
      <EmptyState
        icon={MessageSquare}
        title="No messages on this booking"
        description="The shipper and the carrier have not written to each other."
        className="py-8"
      />
    )
  }
  return (
    <div className="space-y-3">
      <div
        aria-label="Messages"
        role="log"
        className="max-h-[55vh] overflow-y-auto pr-1"
        tabIndex={0}
      >
        <ol className="flex flex-col gap-3">
          {data.messages.map((message) => (
            <MessageItem key={message.id} message={message} onEdit={noEdit} busy={false} />
          ))}
        </ol>
      </div>
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" disabled={isValidating} onClick={() => void mutate()}>
          {isValidating ? 'Reloading…' : 'Reload'}
        </Button>
      </div>
    </div>
  )
}
