import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { mockFetch } from '@/testing/mock-fetch'
import { renderWithProviders } from '@/testing/test-utils'
import { ContactForm } from '@/features/contact/components/contact-form'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('contact form', () => {
  it('validates with the exact messages', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } })
    renderWithProviders(<ContactForm />)
    type('Email', 'nope')
    type('Message', 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument()
  })

  it('simulates sending: 1 s sending, thanks for 5 s, form reset, no request', async () => {
    const { fetch } = mockFetch({ 'GET /api/user': { status: 401 } })
    renderWithProviders(<ContactForm />)
    await act(async () => undefined)
    const callsBefore = fetch.mock.calls.length
    vi.useFakeTimers()

    type('Full Name', 'Pat Lee')
    type('Email', 'pat@example.com')
    type('Subject', 'Pallet rates')
    type('Message', 'How much for 4 pallets to Dallas?')
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled()
    act(() => vi.advanceTimersByTime(999))
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))

    expect(screen.getByText('Thank you for your message!')).toBeInTheDocument()
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument()
    expect(screen.getByLabelText('Full Name')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled()

    act(() => vi.advanceTimersByTime(4999))
    expect(screen.getByText('Thank you for your message!')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Thank you for your message!')).not.toBeInTheDocument()

    expect(fetch.mock.calls.length).toBe(callsBefore)
  })
})
