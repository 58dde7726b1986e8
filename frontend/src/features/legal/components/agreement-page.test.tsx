import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { AGREEMENT_TEXT_2025_01_15, AGREEMENT_VERSION } from '@/features/legal/agreement-text'
import { AgreementPage, parseAgreement } from '@/features/legal/components/agreement-page'
import { renderWithProviders } from '@/testing/test-utils'
import { mockFetch } from '@/testing/mock-fetch'

describe('user agreement', () => {
  it('has the required sections, in order', () => {
    const { sections } = parseAgreement(AGREEMENT_TEXT_2025_01_15)
    expect(AGREEMENT_VERSION).toBe('2025-01-15')
    expect(sections.map((s) => s.heading)).toEqual([
      '1. Acceptance of Terms',
      '2. Description of Services',
      '3. User Accounts',
      '4. Payment Terms',
      '5. Limitation of Liability',
      '6. Indemnification',
      '7. Privacy',
      '8. Dispute Resolution and Binding Arbitration',
      '9. Modifications',
      '10. Governing Law',
      '11. Contact Information',
    ])
    expect(AGREEMENT_TEXT_2025_01_15).toContain('($100)')
    expect(AGREEMENT_TEXT_2025_01_15).toContain('at least 18 years old')
    expect(AGREEMENT_TEXT_2025_01_15).toContain('State of Delaware')
    expect(AGREEMENT_TEXT_2025_01_15).toContain('a small percentage on completed transactions')
    expect(AGREEMENT_TEXT_2025_01_15).toContain('not a freight broker')
  })

  it('renders with the effective date and a back-to-home button', () => {
    mockFetch({ 'GET /api/user': { status: 401 } })
    renderWithProviders(<AgreementPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'User Agreement' })).toBeInTheDocument()
    expect(screen.getByText('Effective Date: January 15, 2025')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Back to Home' })[0]).toHaveAttribute('href', '/')
    expect(screen.getByRole('heading', { name: '10. Governing Law' })).toBeInTheDocument()
  })
})
