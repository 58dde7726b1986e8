import * as React from 'react'
import { Camera, X } from 'lucide-react'
import { resizePhoto } from '@/features/drive/utils/resize'

/**
 * Photos from the phone's camera (or its gallery), each redrawn at most 1600 px on its longest
 * side as a JPEG before it is queued (docs/decisions/0243). `photos` are data URLs.
 */
export function PhotoPicker({
  id,
  label,
  photos,
  onChange,
  max = 4,
}: {
  id: string
  label: string
  photos: string[]
  onChange: (photos: string[]) => void
  max?: number
}) {
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)

  const add = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? [])
    event.target.value = ''
    if (files.length === 0) return
    setBusy(true)
    setError(null)
    try {
      const resized = await Promise.all(
        files.slice(0, max - photos.length).map((f) => resizePhoto(f))
      )
      onChange([...photos, ...resized])
    } catch {
      setError('That file is not a photo this phone can read. Take the photo again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-2">
      <label
        htmlFor={id}
        className={`flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-dashed border-slate-400 bg-white px-4 py-3 text-base font-medium text-slate-900 hover:bg-slate-50 ${
          photos.length >= max ? 'pointer-events-none opacity-60' : ''
        }`}
      >
        <Camera className="h-5 w-5" aria-hidden="true" />
        {busy ? 'Preparing photo…' : label}
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        onChange={add}
        disabled={busy || photos.length >= max}
      />
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to send">
          {photos.map((photo, i) => (
            <li key={i} className="relative">
              <img
                src={photo}
                alt={`Photo ${i + 1}`}
                className="h-20 w-20 rounded-md border border-slate-300 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
                className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-slate-900 text-white"
                aria-label={`Remove photo ${i + 1}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
