import * as React from 'react'
import { FileText, Image as ImageIcon } from 'lucide-react'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/format'
import { useClaimSteps, type CargoClaim } from '@/features/claims/api/claims'

/** Who attached a file, as the reader says it. */
function sideText(side: 'shipper' | 'carrier', reader: 'shipper' | 'carrier' | 'admin') {
  if (side === reader) return 'You'
  return side === 'shipper' ? 'The shipper' : 'The carrier'
}

function sizeText(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * A claim's evidence (decision 0245): the photos and documents either side attached, each with
 * who sent it and when, to open in a new tab; the parties add more while the claim is open
 * (PDF, JPEG or PNG, 10 MB each; the server says when a side has reached its limit).
 */
export function ClaimEvidence({
  claim,
  reader,
}: {
  claim: CargoClaim
  reader: 'shipper' | 'carrier' | 'admin'
}) {
  const steps = useClaimSteps()
  const input = React.useRef<HTMLInputElement>(null)
  const [progress, setProgress] = React.useState<string | null>(null)
  const [error, setError] = React.useState<string | null>(null)
  const open = claim.status !== 'settled' && claim.status !== 'closed'
  const inputId = `evidence-${claim.id}`

  const send = async (files: File[]) => {
    setError(null)
    let sent = 0
    for (const [i, file] of files.entries()) {
      setProgress(`Uploading ${i + 1} of ${files.length}: ${file.name}`)
      try {
        await steps.attach(claim.id, file)
        sent++
      } catch (caught) {
        const field = fieldErrorsOf(caught).file
        setError(`${file.name}: ${field ?? serverMessage(caught, 'The upload did not go through')}`)
        break
      }
    }
    setProgress(null)
    if (input.current) input.current.value = ''
    if (sent > 0) {
      toast({ variant: 'success', title: sent === 1 ? 'File attached' : `${sent} files attached` })
    }
  }

  return (
    <section aria-labelledby={`${inputId}-title`} className="space-y-2">
      <h3 id={`${inputId}-title`} className="text-sm font-semibold text-slate-900">
        Photos and documents
      </h3>
      {claim.files.length === 0 ? (
        <p className="text-sm text-slate-600">
          {open && reader !== 'admin'
            ? 'No evidence yet. Photos of the freight, the delivery receipt and invoices help the claim.'
            : 'No evidence was attached.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {claim.files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              {file.mimeType === 'application/pdf' ? (
                <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              ) : (
                <ImageIcon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <a
                  href={file.downloadUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="block truncate font-medium text-brand-700 underline underline-offset-2"
                >
                  {file.fileName}
                </a>
                <p className="text-xs text-slate-500">
                  {sideText(file.side, reader)} · {formatDateTime(file.uploadedAt)} ·{' '}
                  {sizeText(file.size)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && reader !== 'admin' ? (
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
            Attach photos or documents
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            disabled={progress !== null}
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-describedby={`${inputId}-hint`}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? [])
              if (files.length > 0) void send(files)
            }}
            className="block w-full max-w-full text-xs text-slate-700 file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-1"
          />
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            PDF, JPEG or PNG, up to 10 MB each.
          </p>
          {progress ? (
            <p className="text-xs text-slate-600" role="status">
              {progress}
            </p>
          ) : null}
          {error ? (
            <p className="text-sm text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
