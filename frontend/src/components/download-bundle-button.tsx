import * as React from 'react'
import { FileArchive, Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { downloadBundle } from '@/lib/bundle'

/**
 * "Download all (ZIP)": a paid booking's document bundle (docs/decisions/0250), for its
 * shipper and its carrier alike. Says it is preparing while the server packs the files and
 * shows the server's reason when it refuses.
 */
export function DownloadBundleButton({
  bookingId,
  reference,
  size = 'sm',
  asLink = false,
}: {
  bookingId: number
  reference: string
  size?: 'sm' | 'default'
  /** a text link among a booking's paperwork lines, where a button would widen a table */
  asLink?: boolean
}) {
  const [busy, setBusy] = React.useState(false)
  const download = async () => {
    setBusy(true)
    try {
      await downloadBundle(bookingId, reference)
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: `Could not download the documents of ${reference}`,
        description: failure instanceof Error ? failure.message : 'Please try again',
      })
    } finally {
      setBusy(false)
    }
  }
  if (asLink) {
    return (
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        aria-label={`Download all documents of ${reference} (ZIP)`}
        data-testid={`bundle-${bookingId}`}
        className="inline-flex items-center gap-1 text-xs font-medium text-blue-700 underline underline-offset-2 disabled:text-slate-500"
      >
        {busy ? (
          <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
        ) : (
          <FileArchive className="h-3 w-3" aria-hidden="true" />
        )}
        {busy ? 'Preparing…' : 'Download all (ZIP)'}
      </button>
    )
  }
  return (
    <Button
      type="button"
      size={size}
      variant="outline"
      onClick={() => void download()}
      disabled={busy}
      aria-label={`Download all documents of ${reference} (ZIP)`}
      data-testid={`bundle-${bookingId}`}
    >
      {busy ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <FileArchive className="h-4 w-4" aria-hidden="true" />
      )}
      {busy ? 'Preparing…' : 'Download all (ZIP)'}
    </Button>
  )
}
