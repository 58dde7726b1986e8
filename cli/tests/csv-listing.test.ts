import { describe, expect, it } from 'vitest'
import { toCsv } from '../src/commands/listing.js'

type Row = { id: number; note: string | null; paid: boolean; at?: string }

describe('toCsv', () => {
  const columns: { key: keyof Row & string }[] = [
    { key: 'id' },
    { key: 'note' },
    { key: 'paid' },
    { key: 'at' },
  ]

  it('a header row, CRLF line ends, quotes only where a cell needs them', () => {
    const rows: Row[] = [
      { id: 1, note: 'plain', paid: true, at: '2026-06-02' },
      { id: 2, note: 'comma, "quote"', paid: false },
      { id: 3, note: 'two\nlines', paid: false, at: 'cr\rhere' },
      { id: 4, note: null, paid: true, at: '' },
    ]
    expect(toCsv(rows, columns)).toBe(
      'id,note,paid,at\r\n' +
        '1,plain,true,2026-06-02\r\n' +
        '2,"comma, ""quote""",false,\r\n' +
        '3,"two\nlines",false,"cr\rhere"\r\n' +
        '4,,true,\r\n'
    )
  })

  it('no rows: the header alone', () => {
    expect(toCsv([], columns)).toBe('id,note,paid,at\r\n')
  })
})
