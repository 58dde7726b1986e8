import * as React from 'react'
import { Check, CheckCheck, ExternalLink, MessageSquare, Paperclip, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Alert } from '@/components/ui/alert'
import { EmptyState } from '@/components/ui/empty-state'
import { Textarea } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { LoadError } from '@/components/ui/load-error'
import { toast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import {
  useBookingMessages,
  useMessageActions,
  type BookingMessage,
} from '@/features/messages/api/booking-messages'
import { isKnownHost, splitLinks } from '@/features/messages/utils/links'

/** The server's limits (docs/decisions/0230). */
export const MESSAGE_MAX_LENGTH = 4000
const MAX_FILE_BYTES = 10 * 1024 * 1024

type Side = 'shipper' | 'carrier'
/**
 * Who wrote a message, as the thread shows it (decision 0246): "Name (Role)", the company role
 * when there is one; a message older than that names its side only.
 */
export function authorLabel(message: {
  side: Side
  authorName: string | null
  authorRole: string | null
}): string {
  const side = message.side === 'shipper' ? 'Shipper' : 'Carrier'
  if (!message.authorName) return side
  const role = message.authorRole
    ? message.authorRole.charAt(0).toUpperCase() + message.authorRole.slice(1)
    : side
  return `${message.authorName} (${role})`
}

const otherOf = (side: Side): Side => (side === 'shipper' ? 'carrier' : 'shipper')
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^\d{3}: /, '')

/**
 * "Messages" on a paid booking: the thread between its shipper and its carrier, live (the
 * `message` notices refetch it), with files, read receipts and 5-minute edits (decision 0230).
 */
export function BookingMessagesDialog({
  bookingId,
  reference,
  side,
}: {
  bookingId: number
  reference: string
  side: Side
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Messages for ${reference}`}>
          <MessageSquare className="h-4 w-4" aria-hidden="true" />
          Messages
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Messages · {reference}</DialogTitle>
          <DialogDescription>
            Between you and the {otherOf(side)} of this booking. Messages are kept with the booking
            and cannot be deleted; you can edit yours for 5 minutes.
          </DialogDescription>
        </DialogHeader>
        {open ? <MessagesPanel bookingId={bookingId} side={side} /> : null}
      </DialogContent>
    </Dialog>
  )
}

export function MessagesPanel({ bookingId, side }: { bookingId: number; side: Side }) {
  const { data, error, isLoading, isValidating, mutate } = useBookingMessages(bookingId)
  const { send, edit, markRead, busy } = useMessageActions(bookingId)
  const listEnd = React.useRef<HTMLDivElement>(null)

  // Everything on screen from the other side is read: the receipt moves up to its newest.
  const newestOther = data?.messages.filter((m) => !m.mine).at(-1)?.id ?? null
  const readUpTo = data ? data.readUpTo[side] : null
  React.useEffect(() => {
    if (newestOther !== null && (readUpTo ?? 0) < newestOther) {
      void markRead(newestOther).catch(() => undefined)
    }
  }, [newestOther, readUpTo, markRead])

  const count = data?.messages.length ?? 0
  React.useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'nearest' })
  }, [count])

  if (isLoading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading messages" className="space-y-3">
        <Skeleton className="h-14 w-2/3" />
        <Skeleton className="ml-auto h-14 w-2/3" />
        <Skeleton className="h-24 w-full" />
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
  return (
    <div className="flex min-h-0 flex-col gap-4">
      {data.messages.length === 0 ? (
        <EmptyState
          icon={MessageSquare}
          title="No messages yet"
          description={`Write to the ${otherOf(side)} about dock doors, delays or receipts. They are told by mail and see it at once.`}
          className="py-8"
        />
      ) : (
        <div
          aria-label="Messages"
          role="log"
          aria-live="polite"
          className="max-h-[50vh] overflow-y-auto pr-1"
        >
          <ol className="flex flex-col gap-3">
            {data.messages.map((message) => (
              <MessageItem key={message.id} message={message} onEdit={edit} busy={busy} />
            ))}
          </ol>
          <div ref={listEnd} aria-hidden="true" />
        </div>
      )}
      <Composer side={side} busy={busy} onSend={send} />
    </div>
  )
}

export function MessageItem({
  message,
  onEdit,
  busy,
}: {
  message: BookingMessage
  onEdit: (id: number, body: string) => Promise<unknown>
  busy: boolean
}) {
  const [editing, setEditing] = React.useState(false)
  const [draft, setDraft] = React.useState(message.body)
  const [problem, setProblem] = React.useState<string | null>(null)
  const editable = message.editableUntil !== null && Date.parse(message.editableUntil) > Date.now()
  const who = message.mine ? 'You' : authorLabel(message)
  const editId = `message-edit-${message.id}`

  const save = async () => {
    setProblem(null)
    try {
      await onEdit(message.id, draft)
      setEditing(false)
    } catch (error) {
      setProblem(errorText(error))
    }
  }

  return (
    <li
      className={cn(
        'max-w-[85%] rounded-lg border px-3 py-2 text-sm',
        message.mine
          ? 'ml-auto border-brand-200 bg-brand-50 text-slate-900'
          : 'mr-auto border-slate-200 bg-white text-slate-900'
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{who}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {message.editedAt ? <span>(edited)</span> : null}
      </p>
      {editing ? (
        <div className="mt-2 space-y-2">
          <label htmlFor={editId} className="sr-only">
            Edit your message
          </label>
          <Textarea
            id={editId}
            value={draft}
            maxLength={MESSAGE_MAX_LENGTH}
            onChange={(e) => setDraft(e.target.value)}
            className="min-h-20"
          />
          {problem ? (
            <p role="alert" className="text-xs text-red-700">
              {problem}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void save()} disabled={busy || !draft.trim()}>
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(false)
                setDraft(message.body)
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : message.body ? (
        <div className="mt-1 whitespace-pre-wrap break-words">
          <MessageText body={message.body} />
        </div>
      ) : null}
      {message.attachment ? (
        <a
          href={message.attachment.downloadUrl}
          className="mt-2 inline-flex max-w-full items-center gap-1 break-all text-brand-700 underline"
        >
          <Paperclip className="h-4 w-4 shrink-0" aria-hidden="true" />
          {message.attachment.fileName}
          <span className="text-xs text-slate-600">
            ({Math.max(1, Math.round(message.attachment.size / 1024))} KB)
          </span>
        </a>
      ) : null}
      {message.mine ? (
        <p className="mt-1 flex items-center justify-end gap-2 text-xs text-slate-600">
          {editable && !editing ? (
            <Button
              size="sm"
              variant="ghost"
              className="h-6 px-2"
              aria-label={`Edit your message sent ${formatDateTime(message.createdAt)}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
          ) : null}
          {message.read ? (
            <span className="inline-flex items-center gap-1">
              <CheckCheck className="h-3 w-3" aria-hidden="true" /> Read
            </span>
          ) : (
            <span className="inline-flex items-center gap-1">
              <Check className="h-3 w-3" aria-hidden="true" /> Sent
            </span>
          )}
        </p>
      ) : null}
    </li>
  )
}

/**
 * The text as text (React escapes it); an address on PalletLine is a link, any other host is a
 * button that first says where it leads (decision 0230).
 */
function MessageText({ body }: { body: string }) {
  const [asked, setAsked] = React.useState<URL | null>(null)
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin
  return (
    <>
      {splitLinks(body).map((part, i) => {
        if (part.kind === 'text') return <React.Fragment key={i}>{part.text}</React.Fragment>
        if (isKnownHost(part.url, origin)) {
          return (
            <a key={i} href={part.url.href} className="text-brand-700 underline">
              {part.text}
            </a>
          )
        }
        return (
          <button
            key={i}
            type="button"
            className="break-all text-left text-brand-700 underline decoration-dotted"
            onClick={() => setAsked(part.url)}
          >
            {part.text}
          </button>
        )
      })}
      {asked ? (
        <div className="mt-2 whitespace-normal">
          <Alert variant="info" title={`This link leaves PalletLine for ${asked.hostname}`}>
            <span className="block">
              PalletLine does not know this site. Open it only if you trust it.
            </span>
            <span className="mt-2 flex gap-2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  window.open(asked.href, '_blank', 'noopener,noreferrer')
                  setAsked(null)
                }}
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                Open link
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAsked(null)}>
                Stay here
              </Button>
            </span>
          </Alert>
        </div>
      ) : null}
    </>
  )
}

function Composer({
  side,
  busy,
  onSend,
}: {
  side: Side
  busy: boolean
  onSend: (body: string, file: File | null) => Promise<unknown>
}) {
  const [body, setBody] = React.useState('')
  const [file, setFile] = React.useState<File | null>(null)
  const [problem, setProblem] = React.useState<string | null>(null)
  const fileInput = React.useRef<HTMLInputElement>(null)
  const textId = React.useId()
  const fileId = React.useId()
  const problemId = React.useId()
  const canSend = !busy && (body.trim().length > 0 || file !== null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!canSend) return
    if (file && file.size > MAX_FILE_BYTES) {
      setProblem('The file is too large: the limit is 10 MB')
      return
    }
    setProblem(null)
    try {
      await onSend(body.trim(), file)
      setBody('')
      setFile(null)
      if (fileInput.current) fileInput.current.value = ''
    } catch (error) {
      const text = errorText(error)
      setProblem(text)
      toast({ variant: 'destructive', title: 'Message not sent', description: text })
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2 border-t border-slate-200 pt-3">
      <label htmlFor={textId} className="text-sm font-medium text-slate-900">
        Message to the {otherOf(side)}
      </label>
      <Textarea
        id={textId}
        value={body}
        maxLength={MESSAGE_MAX_LENGTH}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="min-h-20"
        placeholder="Dock door, delay, lumper receipt..."
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <label htmlFor={fileId} className="block text-xs text-slate-700">
            Attach a file (PDF, JPEG or PNG, up to 10 MB)
          </label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full max-w-full text-xs text-slate-700 file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-1"
          />
        </div>
        <div className="flex items-center justify-end gap-3">
          <span className="text-xs text-slate-600" aria-live="off">
            {body.length}/{MESSAGE_MAX_LENGTH}
          </span>
          <Button type="submit" size="sm" disabled={!canSend}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Sending...' : 'Send'}
          </Button>
        </div>
      </div>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
