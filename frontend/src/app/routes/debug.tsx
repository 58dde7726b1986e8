import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/features/auth/hooks/use-auth'

/** /debug: the raw auth state, for support and development. */
export default function DebugRoute() {
  const { user, isLoading, error } = useAuth()
  const rows: [string, unknown][] = [
    ['isLoading', isLoading],
    ['error', error ? { message: error.message } : null],
    ['user', user],
  ]
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Debug</h1>
      {rows.map(([label, value]) => (
        <Card key={label}>
          <CardHeader>
            <CardTitle className="font-mono text-base">{label}</CardTitle>
          </CardHeader>
          <CardContent>
            <pre
              className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100"
              data-testid={`debug-${label}`}
            >
              {JSON.stringify(value, null, 2)}
            </pre>
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
