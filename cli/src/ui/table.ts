import React from 'react'
import { Box, Text, renderToString } from 'ink'
import { defaultStreams, type UiStreams } from './streams.js'

const h = React.createElement

export type CellValue = string | number | boolean | null | undefined

export interface TableColumn<Row> {
  key: keyof Row & string
  header: string
}

export interface TableProps<Row> {
  rows: Row[]
  columns: TableColumn<Row>[]
  emptyMessage?: string
}

const GAP = 2

function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  return String(value)
}

export function columnWidths<Row>(rows: Row[], columns: TableColumn<Row>[]): number[] {
  return columns.map((column) =>
    Math.max(column.header.length, ...rows.map((row) => cellText(row[column.key]).length))
  )
}

export function Table<Row>({ rows, columns, emptyMessage = 'Nothing to show.' }: TableProps<Row>) {
  if (rows.length === 0) return h(Text, { dimColor: true }, emptyMessage)
  const widths = columnWidths(rows, columns)
  const cell = (text: string, index: number, bold: boolean) =>
    h(
      Box,
      { key: columns[index]!.key, width: widths[index]! + GAP, flexShrink: 0 },
      h(Text, { bold }, text)
    )
  const ruleWidth = widths.reduce((sum, width) => sum + width + GAP, 0) - GAP

  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Box,
      { key: 'header' },
      ...columns.map((column, i) => cell(column.header.toUpperCase(), i, true))
    ),
    h(Text, { key: 'rule', dimColor: true }, '─'.repeat(ruleWidth)),
    ...rows.map((row, r) =>
      h(
        Box,
        { key: `row-${r}` },
        ...columns.map((column, i) => cell(cellText(row[column.key]), i, false))
      )
    )
  )
}

/** Writes the table once (no live region), so it pipes cleanly into files and `less`. */
export async function renderTable<Row>(
  rows: Row[],
  columns: TableColumn<Row>[],
  io: UiStreams = defaultStreams(),
  options: { emptyMessage?: string } = {}
): Promise<void> {
  const fullWidth = columnWidths(rows, columns).reduce((sum, width) => sum + width + GAP, 0)
  // A row never wraps inside the table: the terminal soft-wraps long lines instead.
  const width = Math.max(io.stdout.columns ?? 80, fullWidth)
  const output = renderToString(
    h(Table<Row>, { rows, columns, emptyMessage: options.emptyMessage }),
    {
      columns: width,
    }
  )
  io.stdout.write(`${output}\n`)
}
