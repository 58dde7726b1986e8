import { test } from '@japa/runner'
import {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
} from '#logistics/services/appointment_states'
import {
  CANCELLABLE_STATUSES,
  CANCEL_REFUSALS,
  DRAYAGE_STATUSES,
  appointmentActionRefusal,
  appointmentsClosedBy,
  stepRefusal,
  type DrayageStatus,
  type DrayageStep,
  type StepAppointment,
} from '#logistics/services/drayage_states'

const HOUR = 3_600_000
const NOW = Date.parse('2026-03-05T15:00:00Z')

const pickup = (status: AppointmentStatus, startInHours: number, id = 1): StepAppointment => ({
  id,
  kind: 'PICKUP',
  status,
  startMs: NOW + startInHours * HOUR,
  endMs: NOW + (startInHours + 2) * HOUR,
})
const returning = (status: AppointmentStatus, startInHours: number, id = 2): StepAppointment => ({
  ...pickup(status, startInHours, id),
  kind: 'RETURN',
})

const MESSAGES = {
  taken: 'This move was already accepted by another carrier',
  gateOut: 'Only an accepted move at the terminal can be gated out',
  emptyReturn: 'Only a gated-out container can be returned empty',
  noPickup:
    'The gate-out needs a confirmed pickup appointment: request a pickup window and record the terminal confirmation first',
  requested:
    'The pickup appointment is still requested: record the terminal confirmation before the gate-out',
  notOpen: 'The pickup window has not opened yet: record the gate-out once it has',
  complete: 'The move is complete: its appointments are closed',
  cancelled: 'The move is cancelled: its appointments are closed',
}

type MoveAction = DrayageStep | 'cancel'

/**
 * Every move state × every action, with a confirmed pickup window open since an hour ago (so
 * only the state decides): `ok`, or the 409's message. The shipper's cancel of an accepted move
 * also needs a reason (a 422, decision 0147).
 */
const MOVE_TABLE: [DrayageStatus, MoveAction, string][] = [
  ['OPEN', 'accept', 'ok'],
  ['OPEN', 'gateOut', MESSAGES.gateOut],
  ['OPEN', 'emptyReturn', MESSAGES.emptyReturn],
  ['OPEN', 'cancel', 'ok'],
  ['ACCEPTED', 'accept', MESSAGES.taken],
  ['ACCEPTED', 'gateOut', 'ok'],
  ['ACCEPTED', 'emptyReturn', MESSAGES.emptyReturn],
  ['ACCEPTED', 'cancel', 'ok'],
  ['OUT_GATED', 'accept', MESSAGES.taken],
  ['OUT_GATED', 'gateOut', MESSAGES.gateOut],
  ['OUT_GATED', 'emptyReturn', 'ok'],
  [
    'OUT_GATED',
    'cancel',
    'The container has left the terminal: the move can no longer be cancelled',
  ],
  ['EMPTY_RETURNED', 'accept', MESSAGES.taken],
  ['EMPTY_RETURNED', 'gateOut', MESSAGES.gateOut],
  ['EMPTY_RETURNED', 'emptyReturn', MESSAGES.emptyReturn],
  ['EMPTY_RETURNED', 'cancel', 'The move is complete: it can no longer be cancelled'],
  ['CANCELLED', 'accept', MESSAGES.taken],
  ['CANCELLED', 'gateOut', MESSAGES.gateOut],
  ['CANCELLED', 'emptyReturn', MESSAGES.emptyReturn],
  ['CANCELLED', 'cancel', 'This move is already cancelled'],
]

/** The gate-out of an accepted move, by what its appointments are at NOW. */
const GATE_OUT_TABLE: [string, StepAppointment[], string][] = [
  ['no appointment', [], MESSAGES.noPickup],
  ['a pickup window still requested', [pickup('REQUESTED', -1)], MESSAGES.requested],
  ['confirmed, opening tomorrow', [pickup('CONFIRMED', 20)], MESSAGES.notOpen],
  ['confirmed, opening this instant', [pickup('CONFIRMED', 0)], 'ok'],
  ['confirmed, opened an hour ago', [pickup('CONFIRMED', -1)], 'ok'],
  ['confirmed, ended an hour ago (let in late)', [pickup('CONFIRMED', -3)], 'ok'],
  ['kept (completed)', [pickup('COMPLETED', -1)], 'ok'],
  ['missed', [pickup('MISSED', -5)], MESSAGES.noPickup],
  ['cancelled', [pickup('CANCELLED', -1)], MESSAGES.noPickup],
  [
    'missed, then a new one requested',
    [pickup('MISSED', -5), pickup('REQUESTED', 2, 3)],
    MESSAGES.requested,
  ],
  ['a return window is no pickup', [returning('CONFIRMED', -1)], MESSAGES.noPickup],
]

/** The same answer at every moment. */
const always = (answer: string): [string, string, string] => [answer, answer, answer]

/**
 * Every appointment state × every action of an accepted move's window, at three moments:
 * before the window, inside it, after it. `ok` or the 409's message.
 */
const APPOINTMENT_TABLE: [AppointmentStatus, AppointmentStatus, [string, string, string]][] = [
  ['REQUESTED', 'CONFIRMED', ['ok', 'ok', 'ok']],
  ['REQUESTED', 'COMPLETED', always('A requested appointment cannot become completed')],
  ['REQUESTED', 'MISSED', always('A requested appointment cannot become missed')],
  ['REQUESTED', 'CANCELLED', ['ok', 'ok', 'ok']],
  ['CONFIRMED', 'CONFIRMED', always('A confirmed appointment cannot become confirmed')],
  ['CONFIRMED', 'COMPLETED', ['The appointment window has not started yet', 'ok', 'ok']],
  [
    'CONFIRMED',
    'MISSED',
    ['The appointment window has not ended yet', 'The appointment window has not ended yet', 'ok'],
  ],
  ['CONFIRMED', 'CANCELLED', ['ok', 'ok', 'ok']],
  ...(['COMPLETED', 'MISSED', 'CANCELLED'] as const).flatMap((from) =>
    (['CONFIRMED', 'COMPLETED', 'MISSED', 'CANCELLED'] as const).map(
      (to) =>
        [
          from,
          to,
          always(`A ${from.toLowerCase()} appointment cannot become ${to.toLowerCase()}`),
        ] as [AppointmentStatus, AppointmentStatus, [string, string, string]]
    )
  ),
]

test.group('Drayage move states as tables', () => {
  test('every move state × every action', ({ assert }) => {
    assert.lengthOf(MOVE_TABLE, DRAYAGE_STATUSES.length * 4)
    const openWindow = [pickup('CONFIRMED', -1)]
    for (const [status, action, expected] of MOVE_TABLE) {
      const result =
        action === 'cancel'
          ? CANCELLABLE_STATUSES.includes(status)
            ? 'ok'
            : CANCEL_REFUSALS[status]
          : (stepRefusal(action, status, openWindow, NOW) ?? 'ok')
      assert.equal(result, expected, `${status} × ${action}`)
    }
  })

  test('the gate-out needs a confirmed pickup window that has opened', ({ assert }) => {
    for (const [name, appointments, expected] of GATE_OUT_TABLE) {
      assert.equal(stepRefusal('gateOut', 'ACCEPTED', appointments, NOW) ?? 'ok', expected, name)
    }
    // No return window is needed for the empty return.
    assert.isNull(stepRefusal('emptyReturn', 'OUT_GATED', [pickup('COMPLETED', -30)], NOW))
  })

  test('what the gate-out and the empty return close', ({ assert }) => {
    assert.deepEqual(appointmentsClosedBy('gateOut', [pickup('CONFIRMED', -1)], NOW), [
      { id: 1, from: 'CONFIRMED', to: 'COMPLETED' },
    ])
    assert.deepEqual(appointmentsClosedBy('gateOut', [pickup('COMPLETED', -1)], NOW), [])
    assert.deepEqual(
      appointmentsClosedBy(
        'emptyReturn',
        [pickup('COMPLETED', -30), returning('REQUESTED', 20, 2), returning('MISSED', -10, 3)],
        NOW
      ),
      [{ id: 2, from: 'REQUESTED', to: 'CANCELLED' }]
    )
    assert.deepEqual(
      appointmentsClosedBy(
        'emptyReturn',
        [returning('CONFIRMED', -1), returning('CONFIRMED', 3, 4)],
        NOW
      ),
      [
        { id: 2, from: 'CONFIRMED', to: 'COMPLETED' },
        { id: 4, from: 'CONFIRMED', to: 'CANCELLED' },
      ]
    )
    assert.deepEqual(appointmentsClosedBy('accept', [pickup('REQUESTED', 3)], NOW), [])
  })
})

test.group('Drayage appointment states as tables', () => {
  const window = { startMs: NOW, endMs: NOW + 2 * HOUR }
  const moments = [NOW - HOUR, NOW + HOUR, NOW + 3 * HOUR]

  test('every appointment state × every action, before, in and after its window', ({ assert }) => {
    assert.lengthOf(APPOINTMENT_TABLE, APPOINTMENT_STATUSES.length * 4)
    for (const [from, to, expected] of APPOINTMENT_TABLE) {
      moments.forEach((nowMs, i) => {
        const result = appointmentActionRefusal('ACCEPTED', from, to, window, nowMs) ?? 'ok'
        assert.equal(result, expected[i], `${from} → ${to} at moment ${i}`)
      })
    }
  })

  test('a complete or cancelled move’s appointments are closed to every action', ({ assert }) => {
    for (const [moveStatus, message] of [
      ['EMPTY_RETURNED', MESSAGES.complete],
      ['CANCELLED', MESSAGES.cancelled],
    ] as const) {
      for (const from of APPOINTMENT_STATUSES) {
        for (const to of ['CONFIRMED', 'COMPLETED', 'MISSED', 'CANCELLED'] as const) {
          const result = appointmentActionRefusal(moveStatus, from, to, window, NOW + HOUR)
          assert.equal(result, message, `${moveStatus}: ${from} → ${to}`)
        }
      }
    }
    // An out-gated move's return window still works.
    assert.isNull(appointmentActionRefusal('OUT_GATED', 'REQUESTED', 'CONFIRMED', window, NOW))
  })
})
