import { MapMarker, MapRoute, UsMap, projectPoint } from '@/components/us-map'
import type { ExpeditedJob } from '@/features/expedited/api/types'
import { laneOf } from '@/features/expedited/utils/format-expedited'
import { formatDateTime } from '@/lib/format'

/** Pickup (A), delivery (B) and the driver's last reported position (truck dot). */
export default function ExpeditedMap({ job }: { job: ExpeditedJob }) {
  const origin = projectPoint(job.origin.lat, job.origin.lng)
  const destination = projectPoint(job.destination.lat, job.destination.lng)
  const driver = job.driverGeo ? projectPoint(job.driverGeo.lat, job.driverGeo.lng) : null
  const description =
    `${laneOf(job)}. ` +
    (job.driverGeo
      ? `Driver last reported at ${job.driverGeo.lat.toFixed(3)}, ${job.driverGeo.lng.toFixed(3)} (${formatDateTime(job.positionAt)}).`
      : 'No driver position yet.')
  return (
    <UsMap title={`Map of expedited job ${job.reference}`} description={description}>
      {origin && destination ? <MapRoute from={origin} to={destination} /> : null}
      {origin ? (
        <MapMarker xy={origin} color="#047857" label={`Pickup: ${job.origin.city}`} text="A" />
      ) : null}
      {destination ? (
        <MapMarker
          xy={destination}
          color="#b91c1c"
          label={`Delivery: ${job.destination.city}`}
          text="B"
        />
      ) : null}
      {driver ? (
        <circle
          data-testid="driver-position"
          cx={driver[0]}
          cy={driver[1]}
          r={9}
          fill="#0369a1"
          stroke="#fff"
          strokeWidth={3}
        >
          <title>Driver</title>
        </circle>
      ) : null}
    </UsMap>
  )
}
