import { test } from '@japa/runner'
import {
  STOP_EVENT_TYPES,
  nextStep,
  stepKey,
  stopEventRefusal,
  type StopEventType,
} from '#tms/stop_event_rules'

/** Each history the phone can be in, by what it has recorded so far. */
const HISTORIES: Record<string, StopEventType[]> = {
  'nothing yet': [],
  'arrived at pickup': ['arrived_pickup'],
  'loaded': ['arrived_pickup', 'loaded'],
  'departed': ['arrived_pickup', 'loaded', 'departed_pickup'],
  'at delivery': ['arrived_pickup', 'loaded', 'departed_pickup', 'arrived_delivery'],
  'at delivery, one exception': [
    'arrived_pickup',
    'loaded',
    'departed_pickup',
    'arrived_delivery',
    'exception',
  ],
  'delivered': ['arrived_pickup', 'loaded', 'departed_pickup', 'arrived_delivery', 'delivered'],
}

const OUT = (step: string, next: string) => `"${step}" is out of order: the next step is "${next}"`
const AGAIN = (step: string, next: string) =>
  `"${step}" is already recorded: the next step is "${next}"`
const EXCEPTION_EARLY =
  'An exception is recorded at the delivery: record "Arrived at delivery" first'
const DONE = 'The delivery is recorded: there is no step after it'
const EXCEPTION_LATE = 'The delivery is recorded: an exception is recorded before it'

/** history × step → null (allowed) or the 409's message. */
const TABLE: Record<string, Record<StopEventType, string | null>> = {
  'nothing yet': {
    arrived_pickup: null,
    loaded: OUT('Loaded', 'Arrived at pickup'),
    departed_pickup: OUT('Departed pickup', 'Arrived at pickup'),
    arrived_delivery: OUT('Arrived at delivery', 'Arrived at pickup'),
    delivered: OUT('Delivered', 'Arrived at pickup'),
    exception: EXCEPTION_EARLY,
  },
  'arrived at pickup': {
    arrived_pickup: AGAIN('Arrived at pickup', 'Loaded'),
    loaded: null,
    departed_pickup: OUT('Departed pickup', 'Loaded'),
    arrived_delivery: OUT('Arrived at delivery', 'Loaded'),
    delivered: OUT('Delivered', 'Loaded'),
    exception: EXCEPTION_EARLY,
  },
  'loaded': {
    arrived_pickup: AGAIN('Arrived at pickup', 'Departed pickup'),
    loaded: AGAIN('Loaded', 'Departed pickup'),
    departed_pickup: null,
    arrived_delivery: OUT('Arrived at delivery', 'Departed pickup'),
    delivered: OUT('Delivered', 'Departed pickup'),
    exception: EXCEPTION_EARLY,
  },
  'departed': {
    arrived_pickup: AGAIN('Arrived at pickup', 'Arrived at delivery'),
    loaded: AGAIN('Loaded', 'Arrived at delivery'),
    departed_pickup: AGAIN('Departed pickup', 'Arrived at delivery'),
    arrived_delivery: null,
    delivered: OUT('Delivered', 'Arrived at delivery'),
    exception: EXCEPTION_EARLY,
  },
  'at delivery': {
    arrived_pickup: AGAIN('Arrived at pickup', 'Delivered'),
    loaded: AGAIN('Loaded', 'Delivered'),
    departed_pickup: AGAIN('Departed pickup', 'Delivered'),
    arrived_delivery: AGAIN('Arrived at delivery', 'Delivered'),
    delivered: null,
    exception: null,
  },
  'at delivery, one exception': {
    arrived_pickup: AGAIN('Arrived at pickup', 'Delivered'),
    loaded: AGAIN('Loaded', 'Delivered'),
    departed_pickup: AGAIN('Departed pickup', 'Delivered'),
    arrived_delivery: AGAIN('Arrived at delivery', 'Delivered'),
    delivered: null,
    exception: null,
  },
  'delivered': {
    arrived_pickup: DONE,
    loaded: DONE,
    departed_pickup: DONE,
    arrived_delivery: DONE,
    delivered: DONE,
    exception: EXCEPTION_LATE,
  },
}

test.group('The driver steps at the stops (decision 0243)', () => {
  test('every history × every step: allowed or the 409 message', ({ assert }) => {
    for (const [name, history] of Object.entries(HISTORIES)) {
      for (const type of STOP_EVENT_TYPES) {
        assert.equal(stopEventRefusal(history, type), TABLE[name][type], `${name} → ${type}`)
      }
    }
  })

  test('the next step follows the order and ignores exceptions', ({ assert }) => {
    assert.equal(nextStep([]), 'arrived_pickup')
    assert.equal(nextStep(HISTORIES['at delivery, one exception']), 'delivered')
    assert.isNull(nextStep(HISTORIES.delivered))
  })

  test('each ordered step has one key per booking; exceptions count up', ({ assert }) => {
    assert.equal(stepKey('loaded', 0), 'loaded')
    assert.equal(stepKey('exception', 0), 'exception-1')
    assert.equal(stepKey('exception', 2), 'exception-3')
  })
})
