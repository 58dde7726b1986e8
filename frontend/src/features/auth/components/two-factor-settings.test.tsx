import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { mockFetch, requestsTo, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'
import type { TwoFactorStatus } from '@/features/auth/api/two-factor'

const OFF: TwoFactorStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
}
const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-03-04T15:00:00.000Z',
  recoveryCodesLeft: 10,
  required: false,
}
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i}-BBBB${i}`)

function setup(routes: Record<string, MockRoute>, user = makeUser({ role: 'shipper' })) {
  setXsrfCookie()
  const mock = mockFetch({
    'GET /api/user': { body: user },
    'GET /api/account/tokens': { body: [] },
    'POST /api/analytics/events': { status: 204 },
    ...routes,
  })
  return { ...renderApp('/settings'), ...mock }
}

const card = () => screen.findByRole('heading', { name: 'Two-factor sign-in' })

describe('settings: two-factor sign-in', () => {
  it('sets up with the QR code, refuses a wrong code, then shows the recovery codes once', async () => {
    let status = OFF
    let confirms = 0
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const { calls } = setup({
      'GET /api/account/two-factor': () => ({ body: status }),
      'POST /api/account/two-factor/setup': {
        body: {
          secret: 'KRSXG5CUN5ZGK43FMNZGK5CQGFQWY3DF',
          otpauthUrl: 'otpauth://totp/PalletLine:pat%40example.com?secret=KRSX',
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      },
      'POST /api/account/two-factor/confirm': () => {
        if (++confirms === 1) {
          return {
            status: 422,
            body: {
              message: 'Invalid authentication code',
              errors: [{ field: 'code', message: 'Invalid authentication code', rule: 'code' }],
            },
          }
        }
        status = ON
        return { body: { recoveryCodes: CODES } }
      },
    })
    await card()
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }))
    const form = await screen.findByRole('form', { name: 'Turn on two-factor' })
    expect(within(form).getByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+'
    )
    expect(within(form).getByText('KRSXG5CUN5ZGK43FMNZGK5CQGFQWY3DF')).toBeInTheDocument()

    fireEvent.click(within(form).getByRole('button', { name: 'Turn on' }))
    expect(await within(form).findByText('Enter the 6-digit code')).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/two-factor/confirm')).toHaveLength(0)

    fireEvent.change(within(form).getByLabelText('Authentication code'), {
      target: { value: '000000' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Turn on' }))
    expect(await within(form).findByText('Invalid authentication code')).toBeInTheDocument()

    fireEvent.change(within(form).getByLabelText('Authentication code'), {
      target: { value: '123456' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Turn on' }))
    const codes = await screen.findByRole('region', { name: 'Recovery codes' })
    for (const code of CODES) expect(within(codes).getByText(code)).toBeInTheDocument()
    fireEvent.click(within(codes).getByRole('button', { name: 'Copy codes' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES[9])))
    expect(await within(codes).findByRole('button', { name: 'Copied' })).toBeInTheDocument()

    fireEvent.click(within(codes).getByRole('button', { name: 'I saved my codes' }))
    expect(await screen.findByText(/10 recovery codes left/)).toBeInTheDocument()
    expect(screen.queryByText(CODES[0])).not.toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/two-factor/confirm')[1].body).toEqual({
      code: '123456',
    })
    vi.unstubAllGlobals()
  })

  it('turns it off with the password and a recovery code', async () => {
    let status = ON
    const { calls } = setup({
      'GET /api/account/two-factor': () => ({ body: status }),
      'POST /api/account/two-factor/disable': () => {
        status = OFF
        return { status: 204 }
      },
    })
    const form = await screen.findByRole('form', { name: 'Turn off two-factor' })
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }))
    expect(await within(form).findByText('Password is required')).toBeInTheDocument()
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'secret1' } })
    fireEvent.change(within(form).getByLabelText('Code or recovery code'), {
      target: { value: '7K2QM-X9D4R' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }))
    expect(
      await screen.findByRole('button', { name: 'Set up two-factor sign-in' })
    ).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/two-factor/disable')[0].body).toEqual({
      password: 'secret1',
      recoveryCode: '7K2QM-X9D4R',
    })
  })

  it('tells an admin without it that it is required; an admin with it cannot turn it off', async () => {
    setup(
      { 'GET /api/account/two-factor': { body: { ...OFF, required: true } } },
      makeUser({ role: 'admin', twoFactorEnabled: false })
    )
    expect(await screen.findByText('Required for admin accounts')).toBeInTheDocument()
  })

  it('an admin who has it on sees new recovery codes but no way to turn it off', async () => {
    const { calls } = setup(
      {
        'GET /api/account/two-factor': { body: { ...ON, required: true } },
        'POST /api/account/two-factor/recovery-codes': { body: { recoveryCodes: CODES } },
      },
      makeUser({ role: 'admin' })
    )
    expect(
      await screen.findByText('Admin accounts must keep two-factor sign-in on.')
    ).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Turn off two-factor' })).not.toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'New recovery codes' })
    fireEvent.change(within(form).getByLabelText('Code from your app'), {
      target: { value: '246810' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Get new recovery codes' }))
    expect(await screen.findByText(CODES[4])).toBeInTheDocument()
    expect(requestsTo(calls, 'POST', '/api/account/two-factor/recovery-codes')[0].body).toEqual({
      code: '246810',
    })
  })
})

describe('admin area without two-factor', () => {
  it('sends the admin to Settings', async () => {
    setXsrfCookie()
    mockFetch({
      'GET /api/user': { body: makeUser({ role: 'admin', twoFactorEnabled: false }) },
      'GET /api/account/two-factor': { body: { ...OFF, required: true } },
      'POST /api/analytics/events': { status: 204 },
    })
    const { router } = renderApp('/admin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(await screen.findByText('Required for admin accounts')).toBeInTheDocument()
  })
})
