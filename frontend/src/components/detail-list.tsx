/** Label / value pairs of a record, two columns from small screens up. */
export function DetailList({ rows, label }: { rows: [string, string][]; label?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{name}</dt>
          <dd className="mt-1 break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}
