import { describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { Toaster } from '@/components/ui/toaster'
import { TOAST_DURATION_MS, TOAST_LIMIT, toast } from '@/components/ui/use-toast'

describe('toaster', () => {
  it('shows one toast at a time: a new toast replaces the current one', () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'First toast' })
      toast({ title: 'Second toast', variant: 'destructive' })
    })
    expect(TOAST_LIMIT).toBe(1)
    expect(screen.queryAllByText('First toast')).toHaveLength(0)
    expect(screen.getAllByText('Second toast').length).toBeGreaterThan(0)
    expect(document.querySelectorAll('li.toast-root')).toHaveLength(1)
  })

  it('closes a toast after 5 seconds and exposes the F8 viewport', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast({ title: 'Saved', description: 'All good' })
    })
    expect(screen.getByRole('region', { name: /Notification.*F8/ })).toBeInTheDocument()
    expect(document.querySelectorAll('li.toast-root[data-state="open"]')).toHaveLength(1)
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 50))
    expect(document.querySelectorAll('li.toast-root[data-state="open"]')).toHaveLength(0)
    act(() => vi.advanceTimersByTime(1000))
    expect(document.querySelectorAll('li.toast-root')).toHaveLength(0)
  })
})
