import React from 'react'
import { render } from 'ink-testing-library'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'ink-testing-library'
import { Table, renderTable, type TableColumn } from '../src/ui/table.js'
import { CapturedOutput, pipedInput, stripAnsi } from './helpers/streams.js'

const h = React.createElement

interface LoadRow {
  id: number
  lane: string
  pallets: number
  carrier: string | null
}

const columns: TableColumn<LoadRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'lane', header: 'lane' },
  { key: 'pallets', header: 'pallets' },
  { key: 'carrier', header: 'carrier' },
]

const rows: LoadRow[] = [
  { id: 3, lane: 'Chicago, IL → Dallas, TX', pallets: 12, carrier: 'Midwest Haul LLC' },
  { id: 104, lane: 'Reno, NV → Boise, ID', pallets: 4, carrier: null },
]

afterEach(() => cleanup())

describe('Table', () => {
  it('renders a header, a rule and one aligned line per row', () => {
    const { lastFrame } = render(h(Table<LoadRow>, { rows, columns }))
    const lines = stripAnsi(lastFrame() ?? '').split('\n')

    expect(lines[0]).toMatch(/^ID\s+LANE\s+PALLETS\s+CARRIER\s*$/)
    expect(lines[1]).toMatch(/^─+$/)
    expect(lines[2]).toContain('Chicago, IL → Dallas, TX')
    expect(lines[2]).toContain('Midwest Haul LLC')
    // Empty cells show a dash; every column starts where its header does.
    expect(lines[3]).toMatch(/^104\s+Reno, NV → Boise, ID\s+4\s+—\s*$/)
    expect(lines[2]!.indexOf('12')).toBe(lines[0]!.indexOf('PALLETS'))
    expect(lines[3]!.indexOf('—')).toBe(lines[0]!.indexOf('CARRIER'))
  })

  it('shows the empty message when there are no rows', () => {
    const { lastFrame } = render(
      h(Table<LoadRow>, { rows: [], columns, emptyMessage: 'No loads posted.' })
    )
    expect(stripAnsi(lastFrame() ?? '')).toBe('No loads posted.')
  })
})

describe('renderTable', () => {
  it('writes the table once to the given stdout, wider than the terminal if it must', async () => {
    const stdout = new CapturedOutput()
    stdout.columns = 20
    await renderTable(rows, columns, { stdout, stdin: pipedInput })
    const text = stripAnsi(stdout.text)
    expect(text).toContain('Chicago, IL → Dallas, TX')
    expect(text.trimEnd().split('\n')).toHaveLength(4)
  })
})
