import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { mockFetch, requestsTo } from '@/testing/mock-fetch'
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

  const fill = () => {
    type('Full Name', 'Pat Lee')
    type('Email', 'pat@example.com')
    type('Subject', 'Pallet rates')
    type('Message', 'How much for 4 pallets to Dallas?')
  }

  it('sends the message, thanks once the server has it, and empties the form', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/contact': { status: 201, body: { message: 'Thank you for your message!' } },
    })
    renderWithProviders(<ContactForm />)
    await act(async () => undefined)
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Thank you for your message!')).toBeInTheDocument()
    expect(screen.getByText(/within 24 hours/)).toBeInTheDocument()
    const posts = requestsTo(calls, 'POST', '/api/contact')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({
      name: 'Pat Lee',
      email: 'pat@example.com',
      subject: 'Pallet rates',
      message: 'How much for 4 pallets to Dallas?',
    })
    expect(screen.getByLabelText('Full Name')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  it("shows the server's field errors and keeps what was typed", async () => {
    mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/contact': {
        status: 422,
        body: {
          message: 'Validation failure',
          errors: [
            { field: 'email', message: 'Please enter a valid email address', rule: 'email' },
          ],
        },
      },
    })
    renderWithProviders(<ContactForm />)
    await act(async () => undefined)
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('Your message was not sent')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.queryByText('Thank you for your message!')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Full Name')).toHaveValue('Pat Lee')
  })

  it('tells a throttled sender to wait', async () => {
    mockFetch({
      'GET /api/user': { status: 401 },
      'POST /api/contact': { status: 429, body: { message: 'Too many requests' } },
    })
    renderWithProviders(<ContactForm />)
    await act(async () => undefined)
    fill()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(/wait a few minutes/)).toBeInTheDocument()
  })

  it('keeps the honeypot away from people', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } })
    renderWithProviders(<ContactForm />)
    const trap = document.getElementById('contact-website')!
    expect(trap).toHaveAttribute('tabindex', '-1')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
  })
})
