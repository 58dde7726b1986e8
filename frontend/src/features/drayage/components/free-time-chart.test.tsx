import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { FreeTimeChart, freeTimeSegments } from '@/features/drayage/components/free-time-chart'
import { makeMove } from '@/features/drayage/testing/fixtures'

describe('Free time chart', () => {
  it('shows only the terminal’s free days before any charge', () => {
    expect(freeTimeSegments(makeMove()).map((s) => [s.key, s.days])).toEqual([['free', 2]])
  })

  it('adds per diem’s free and charged days once the container is out', () => {
    const move = makeMove({
      status: 'OUT_GATED',
      demurrageDays: 1,
      perDiemLastFreeDay: '2026-03-10',
      perDiemDays: 3,
    })
    expect(freeTimeSegments(move).map((s) => [s.key, s.days])).toEqual([
      ['free', 2],
      ['demurrage', 1],
      ['perDiemFree', 2],
      ['perDiem', 3],
    ])
    render(<FreeTimeChart move={move} />)
    expect(
      screen.getByRole('img', {
        name: 'Free time and charge days. Free at the terminal: 2 days, Demurrage: 1 day, Free with the customer: 2 days, Per diem: 3 days',
      })
    ).toBeInTheDocument()
  })
})
