import * as React from 'react'
import { useSWRConfig } from 'swr'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/use-toast'
import { serverMessage } from '@/lib/api-errors'
import { assignBookingDriver, useCompanyDrivers, type DriverMember } from '@/features/team/api/team'

const nameOf = (d: Pick<DriverMember, 'firstName' | 'lastName' | 'email'>) =>
  [d.firstName, d.lastName].filter(Boolean).join(' ') || d.email

/**
 * "Assign driver" on a carrier's booking (decision 0237): the company's drivers in a select;
 * choosing one assigns the booking at once (reversible, so no confirmation), "Unassigned" takes
 * it back. The driver's screen hears it live; the booking lists are read again.
 */
export function AssignDriver({
  booking,
}: {
  booking: {
    id: number
    reference: string
    status: string
    completedAt: string | null
    driver: DriverMember | null
  }
}) {
  const { data, error, isLoading } = useCompanyDrivers()
  const drivers = data?.drivers
  const { mutate } = useSWRConfig()
  const [saving, setSaving] = React.useState(false)
  const current = booking.driver?.memberId ?? null
  const closed = booking.status === 'cancelled' || booking.completedAt !== null
  const id = `assign-driver-${booking.id}`
  // A removed driver still on the booking is named, though no longer offered.
  const options =
    booking.driver && !drivers?.some((d) => d.memberId === current)
      ? [...(drivers ?? []), booking.driver]
      : (drivers ?? [])

  const onChange = async (value: string) => {
    const memberId = value === '' ? null : Number(value)
    setSaving(true)
    try {
      const answer = await assignBookingDriver(booking.id, memberId)
      // Read the booking lists again, keeping them on screen meanwhile.
      await mutate((key) => typeof key === 'string' && key.startsWith('/api/carrier/bookings'))
      toast({
        variant: 'success',
        title: answer.driver ? 'Driver assigned' : 'Driver unassigned',
        description: answer.driver
          ? `${booking.reference} is assigned to ${nameOf(answer.driver)}.`
          : `${booking.reference} has no driver now.`,
      })
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: 'Not assigned',
        description: serverMessage(failure, 'The driver could not be assigned'),
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
