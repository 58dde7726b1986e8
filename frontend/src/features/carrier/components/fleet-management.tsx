import { LoadStates } from '@/components/load-states'
import * as React from 'react'
import { Pencil, Plus, Trash2, Truck as TruckIcon } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { toast } from '@/components/ui/use-toast'
import { useDeleteTruck } from '@/features/carrier/api/delete-truck'
import { useTrucks, type Truck } from '@/features/carrier/api/get-trucks'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { TruckStatusBadge } from '@/features/carrier/components/status-badges'
import { TruckFormDialog } from '@/features/carrier/components/truck-form-dialog'
import { serverMessage } from '@/lib/api-errors'
import { formatTruckName } from '@/features/carrier/utils/format-route'
import { TRUCK_TYPE_LABELS } from '@/features/carrier/utils/truck-form'

function DeleteTruckDialog({ truck, onClose }: { truck: Truck | null; onClose: () => void }) {
  const remove = useDeleteTruck()
  const [deleting, setDeleting] = React.useState(false)

  const onConfirm = async () => {
    if (!truck) return
    setDeleting(true)
    try {
      await remove(truck.id)
      toast({ variant: 'success', title: 'Truck deleted successfully' })
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to delete truck',
        description: serverMessage(error, 'Failed to delete truck'),
      })
    } finally {
      setDeleting(false)
      onClose()
    }
  }

  return (
    <Dialog open={truck !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete truck</DialogTitle>
          <DialogDescription>Are you sure you want to delete this truck?</DialogDescription>
        </DialogHeader>
        {truck ? (
          <p className="text-sm text-slate-700">
            {formatTruckName(truck)} · {truck.licensePlate}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onConfirm()} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Fleet Management (My Trucks): the carrier's trucks with add, edit and delete. */
export function FleetManagement() {
  const { data, error, isLoading, isValidating, mutate } = useTrucks()
  const [adding, setAdding] = React.useState(false)
  const [editing, setEditing] = React.useState<Truck | null>(null)
  const [deleting, setDeleting] = React.useState<Truck | null>(null)

  const addButton = (label: string) => (
    <Button onClick={() => setAdding(true)}>
      <Plus className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  )

  return (
    <div className="space-y-6">
      <SectionHeader
        title="My Trucks"
        description="Manage the trucks in your fleet."
        actions={data && data.length > 0 ? addButton('Add Truck') : undefined}
      />

      <LoadStates
        query={{ data, error, isLoading, isValidating, mutate }}
        loadingLabel="Loading trucks"
        errorTitle={'Could not load your trucks'}
        empty={{
          icon: TruckIcon,
          title: 'No trucks in your fleet',
          description: 'Add the trucks you run so you can post capacity listings on them.',
          action: addButton('Add Your First Truck'),
        }}
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Trucks">
            {data.map((truck) => (
              <li key={truck.id} aria-label={`${formatTruckName(truck)} ${truck.licensePlate}`}>
                <Card className="flex h-full flex-col justify-between gap-4 p-5">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0 space-y-1">
                      <p className="font-semibold text-slate-900">{formatTruckName(truck)}</p>
                      <p className="text-sm text-slate-600">Plate {truck.licensePlate}</p>
                      <p className="text-sm text-slate-600">
                        {truck.capacity === 1 ? '1 pallet' : `${truck.capacity} pallets`}
                        {truck.truckType ? ` · ${TRUCK_TYPE_LABELS[truck.truckType]}` : ''}
                      </p>
                    </div>
                    <TruckStatusBadge status={truck.status} />
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit truck ${truck.licensePlate}`}
                      onClick={() => setEditing(truck)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-red-700 hover:bg-red-50"
                      aria-label={`Delete truck ${truck.licensePlate}`}
                      onClick={() => setDeleting(truck)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </LoadStates>

      <TruckFormDialog open={adding} onOpenChange={setAdding} />
      <TruckFormDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        truck={editing ?? undefined}
      />
      <DeleteTruckDialog truck={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
