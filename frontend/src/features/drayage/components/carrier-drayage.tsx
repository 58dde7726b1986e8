import * as React from 'react'
import { Container, PackageSearch } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { useDrayageMoves, type DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import { useOpenDrayageMoves } from '@/features/drayage/api/get-open-drayage-moves'
import { recordDrayageStep, type DrayageStep } from '@/features/drayage/api/drayage-steps'
import { DrayageMoveCard } from '@/features/drayage/components/drayage-move-card'
import {
  AppointmentActions,
  RequestWindowForm,
} from '@/features/drayage/components/appointment-controls'
import { serverMessage } from '@/lib/api-errors'

const STEP_TEXT: Record<DrayageStep, { label: string; done: string; fallback: string }> = {
  'accept': { label: 'Accept move', done: 'Move accepted', fallback: 'Failed to accept the move' },
  'gate-out': {
    label: 'Record gate-out',
    done: 'Gate-out recorded',
    fallback: 'Failed to record the gate-out',
  },
  'empty-return': {
    label: 'Record empty return',
    done: 'Empty return recorded',
    fallback: 'Failed to record the empty return',
  },
}

/**
 * A DRAY carrier's Drayage section: open moves to accept, and its own moves to run;
 * `completed` renders what a complete move offers next (its invoice, from app/), and
 * `driverAction` the "Assign driver" select on a move being run, for owners and dispatchers
 * (decision 0246; from the team feature, composed in app/).
 */
export function CarrierDrayage({
  completed,
  driverAction,
}: {
  completed?: (moveId: number) => React.ReactNode
  driverAction?: (move: DrayageMove) => React.ReactNode
} = {}) {
  const open = useOpenDrayageMoves()
  const mine = useDrayageMoves()
  const [busy, setBusy] = React.useState<number | null>(null)
  const refresh = () => {
    void open.mutate()
    void mine.mutate()
  }

  const step = async (move: DrayageMove, which: DrayageStep) => {
    setBusy(move.id)
    try {
      await recordDrayageStep(move.id, which)
      toast({ variant: 'success', title: STEP_TEXT[which].done, description: move.reference })
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, STEP_TEXT[which].fallback),
      })
    } finally {
      setBusy(null)
      refresh()
    }
  }

  /** A step's button; `blocked` is the server's reason it would be refused now. */
  const button = (move: DrayageMove, which: DrayageStep, blocked: string | null = null) => (
    <div className="space-y-1">
      <Button
        disabled={busy === move.id || blocked !== null}
        onClick={() => void step(move, which)}
      >
        {STEP_TEXT[which].label}
      </Button>
      {blocked ? <p className="text-sm text-slate-600">{blocked}</p> : null}
    </div>
  )

  return (
    <div className="space-y-8">
      <section aria-labelledby="open-drayage-heading" className="space-y-3">
        <h2 id="open-drayage-heading" className="text-lg font-semibold text-slate-900">
          Open moves
        </h2>
        <LoadStates
          query={open}
          loadingLabel="Loading open drayage moves"
          errorTitle="Could not load open drayage moves"
          empty={{ icon: PackageSearch, title: 'No open drayage moves right now' }}
        >
          {(list) => (
            <div className="space-y-4">
              {list.map((move) => (
                <DrayageMoveCard key={move.id} move={move} actions={button(move, 'accept')} />
              ))}
            </div>
          )}
        </LoadStates>
      </section>
      <section aria-labelledby="my-drayage-heading" className="space-y-3">
        <h2 id="my-drayage-heading" className="text-lg font-semibold text-slate-900">
          My drayage moves
        </h2>
        <LoadStates
          query={mine}
          loadingLabel="Loading your drayage moves"
          errorTitle="Could not load your drayage moves"
          empty={{ icon: Container, title: 'No accepted drayage moves yet' }}
        >
          {(list) => (
            <div className="space-y-4">
              {list.map((move) => (
                <DrayageMoveCard
                  key={move.id}
                  move={move}
                  actions={
                    <MoveActions
                      move={move}
                      onDone={refresh}
                      stepButton={button}
                      completed={completed}
                      driverAction={driverAction}
                    />
                  }
                />
              ))}
            </div>
          )}
        </LoadStates>
      </section>
    </div>
  )
}

function MoveActions({
  move,
  onDone,
  stepButton,
  completed,
  driverAction,
}: {
  move: DrayageMove
  onDone: () => void
  stepButton: (move: DrayageMove, which: DrayageStep, blocked?: string | null) => React.ReactNode
  completed?: (moveId: number) => React.ReactNode
  driverAction?: (move: DrayageMove) => React.ReactNode
}) {
  if (move.status === 'EMPTY_RETURNED') return completed?.(move.id) ?? null
  // A cancelled move's windows are closed and it has no step left (docs/decisions/0166).
  if (move.status !== 'ACCEPTED' && move.status !== 'OUT_GATED') return null
  const kind = move.status === 'ACCEPTED' ? 'PICKUP' : 'RETURN'
  const active = move.appointments.filter(
    (a) => a.status === 'REQUESTED' || a.status === 'CONFIRMED'
  )
  return (
    <div className="space-y-3 border-t pt-3">
      {driverAction?.(move)}
      {active.map((a) => (
        <AppointmentActions key={a.id} appointment={a} onDone={onDone} />
      ))}
      {!active.some((a) => a.kind === kind) ? (
        <RequestWindowForm move={move} kind={kind} onDone={onDone} />
      ) : null}
      {move.status === 'ACCEPTED'
        ? stepButton(move, 'gate-out', move.gateOutBlockedReason)
        : stepButton(move, 'empty-return')}
    </div>
  )
}
