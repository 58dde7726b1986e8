import { afterEach, describe, expect, it, vi } from 'vitest'
import { BundleError, bundleUrl, downloadBundle } from '@/lib/bundle'

describe('downloadBundle (docs/decisions/0250)', () => {
  afterEach(() => vi.restoreAllMocks())

  it('saves the ZIP under the name the server gives it', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(new Blob(['PK']), {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="TRT-042-documents.zip"',
        },
      })
    )
    URL.createObjectURL = vi.fn(() => 'blob:bundle')
    URL.revokeObjectURL = vi.fn()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement
    ) {
      clicked.push(this)
    })
    await downloadBundle(42, 'TRT-042')
    expect(fetchMock).toHaveBeenCalledWith(bundleUrl(42), expect.anything())
    expect(clicked).toHaveLength(1)
    expect(clicked[0].download).toBe('TRT-042-documents.zip')
    expect(clicked[0].href).toBe('blob:bundle')
  })

  it('says why when the server refuses, saving nothing', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ message: 'No document bundle yet: it is ready once the booking is paid' }),
        { status: 404, headers: { 'content-type': 'application/json' } }
      )
    )
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click')
    await expect(downloadBundle(42, 'TRT-042')).rejects.toEqual(
      new BundleError('No document bundle yet: it is ready once the booking is paid')
    )
    expect(click).not.toHaveBeenCalled()
  })
})
