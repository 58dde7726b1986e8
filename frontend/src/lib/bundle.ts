/**
 * GET /api/bookings/{id}/bundle: a paid booking's document bundle, one ZIP of everything on it
 * (docs/decisions/0250). Fetched as a blob so a refusal (404 before the payment) is shown as
 * the server's message instead of being saved as a file.
 */
export const bundleUrl = (bookingId: number) => `/api/bookings/${bookingId}/bundle`

export class BundleError extends Error {}

/** Downloads the ZIP and hands it to the browser under the server's file name. */
export async function downloadBundle(bookingId: number, reference: string): Promise<void> {
  const res = await fetch(bundleUrl(bookingId), {
    credentials: 'same-origin',
    headers: { accept: 'application/zip, application/json' },
  })
  if (!res.ok) {
    let message = 'The documents could not be downloaded'
    try {
      const body = (await res.json()) as { message?: string }
      if (body.message) message = body.message
    } catch {
      // not JSON: keep the general message
    }
    throw new BundleError(message)
  }
  const disposition = res.headers.get('content-disposition') ?? ''
  const named = /filename="([^"]+)"/.exec(disposition)?.[1]
  const blob = await res.blob()
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = named ?? `${reference}-documents.zip`
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}
