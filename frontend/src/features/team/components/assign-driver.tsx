import * as React from 'react'
import { useSWRConfig } from 'swr'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import {
  assignBookingDriver,
  assignDrayageMoveDriver,
  assignExpeditedJobDriver,
  useCompanyDrivers,
  type DriverAssignment,
  type DriverMember,
} from '@/features/team/api/team'

const nameOf = (d: Pick<DriverMember, 'firstName' | 'lastName' | 'email'>) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email

/** A piece of the company's work a driver can be put on. */
type Work = { id: number; reference: string; driver: DriverMember | null }

/**
 * "Assign driver" on a carrier's booking (decision 0237): the company's drivers in a select;
 * choosing one assigns the booking at once (reversible, so no confirmation), "Unassigned" takes
 * it back. The driver's screen hears it live; the booking lists are read again.
 */
export function AssignDriver({
  booking,
}: {
  booking: Work & { status: string; completedAt: string | null }
}) {
  return (
    <DriverSelect
      kind="booking"
      work={booking}
      closed={booking.status === 'cancelled' || booking.completedAt !== null}
      assign={assignBookingDriver}
      lists="/api/carrier/bookings"
    />
  )
}

/**
 * "Assign driver" on the dispatcher's drayage move (decision 0246): as for a booking; only an
 * accepted or gated-out move takes a driver, so the select is closed on the others. The
 * driver's /drive hears it live on the company's channel; the moves are read again.
 */
export function AssignMoveDriver({ move }: { move: Work & { status: string } }) {
  return (
    <DriverSelect
      kind="drayage"
      work={move}
      closed={move.status !== 'ACCEPTED' && move.status !== 'OUT_GATED'}
      assign={assignDrayageMoveDriver}
      lists="/api/drayage/moves"
    />
  )
}

/**
 * "Assign driver" on the dispatcher's expedited job (decision 0237): as for a booking; only an
 * accepted or picked-up job takes a driver. The driver's /drive hears it live; the carrier's
 * jobs are read again.
 */
export function AssignExpeditedDriver({ job }: { job: Work & { status: string } }) {
  return (
    <DriverSelect
      kind="expedited"
      work={job}
      closed={job.status !== 'ACCEPTED' && job.status !== 'PICKED_UP'}
      assign={assignExpeditedJobDriver}
      lists="/api/carrier/expedited-jobs"
    />
  )
}

function DriverSelect({
  kind,
  work,
  closed,
  assign,
  lists,
}: {
  kind: 'booking' | 'drayage' | 'expedited'
  work: Work
  closed: boolean
  /** answers the driver now on the work (a job's PUT answers the whole job, with it) */
  assign: (id: number, memberId: number | null) => Promise<Pick<DriverAssignment, 'driver'>>
  /** the reads of the lists the work is on, by the start of their keys */
  lists: string
}) {
  const { data, error, isLoading } = useCompanyDrivers()
  const drivers = data?.drivers
  const { mutate } = useSWRConfig()
  const [saving, setSaving] = React.useState(false)
  const current = work.driver?.memberId ?? null
  const id = `assign-driver-${kind}-${work.id}`
  // A removed driver still on the work is named, though no longer offered.
  const options =
    work.driver && !drivers?.some((d) => d.memberId === current)
      ? [...(drivers ?? []), work.driver]
      : (drivers ?? [])

  const onChange = async (value: string) => {
    const memberId = value === '' ? null : Number(value)
    setSaving(true)
    try {
      const answer = await assign(work.id, memberId)
      // Read the lists again, keeping them on screen meanwhile.
      await mutate((key) => typeof key === 'string' && key.startsWith(lists))
      toast({
        variant: 'success',
        title: answer.driver ? 'Driver assigned' : 'Driver unassigned',
        description: answer.driver
          ? `${work.reference} is assigned to ${nameOf(answer.driver)}.`
          : `${work.reference} has no driver now.`,
      })
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Not assigned',
        // A 422 names `memberId` (not a driver of the company); a 409 says why the work is closed.
        description:
          fieldErrorsOf(failure).memberId ??
          serverMessage(failure, 'The driver could not be assigned'),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800">
        Assign driver
      </label>
      <div className="w-56">
        <NativeSelect
          id={id}
          value={current === null ? '' : String(current)}
          disabled={saving || isLoading || closed || (!!error && !drivers)}
          onChange={(e) => void onChange(e.target.value)}
        >
          <option value="">Unassigned</option>
          {options.map((driver) => (
            <option key={driver.memberId} value={driver.memberId}>
              {nameOf(driver)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error && !drivers ? (
        <span className="text-xs text-red-700">The drivers could not be loaded.</span>
      ) : drivers && drivers.length === 0 ? (
        <span className="text-xs text-slate-500">Invite a driver to your team to assign work.</span>
      ) : saving ? (
        <span className="text-xs text-slate-500" role="status">
          Saving...
        </span>
      ) : null}
    </div>
  )
}
