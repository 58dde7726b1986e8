import { useParams } from 'react-router-dom'
import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { DriveStops } from '@/features/drive/components/drive-booking'
import NotFoundRoute from '@/app/routes/not-found'

/** /drive/expedited/:id: the driver's phone screen for an expedited job (decision 0263). */
export default function DriveExpeditedRoute() {
  const { id } = useParams()
  const jobId = Number(String(id ?? '').replace(/^EXP-/i, ''))
  if (!Number.isSafeInteger(jobId) || jobId <= 0) return <NotFoundRoute />
  return (
    <WithBackToDashboard>
      <main className="mx-auto max-w-4xl px-4 py-4 sm:px-6">
        <div className="max-w-xl">
          <DriveStops subject={{ kind: 'expedited', id: jobId }} />
        </div>
      </main>
    </WithBackToDashboard>
  )
}
