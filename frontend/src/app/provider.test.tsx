import { act, render, screen } from '@testing-library/react'
import { AppProvider } from '@/app/provider'
import { toast } from '@/components/ui/use-toast'

// Radix Toast is not in a screen's first JavaScript (decision 0219).
describe('the Toaster', () => {
  it('is mounted once a first toast is queued, and shows it', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>
    )
    expect(screen.queryByRole('region', { name: /Notification/ })).toBeNull()
    act(() => void toast({ title: 'Saved' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: /Notification.*F8/ })).toBeInTheDocument()
  })
})
