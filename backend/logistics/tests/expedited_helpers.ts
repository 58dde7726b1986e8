/* Expedited test helpers: the request form and an EXP carrier ready to be offered jobs. */
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import ExpeditedJob from '#logistics/models/expedited_job'
import { makeUser } from '#tests/helpers'
import { makeTruck } from '#tests/factories'

export const expeditedForm = (over: Record<string, unknown> = {}) => ({
  vehicleType: 'VAN',
  slaHours: 12,
  origin: { postal: '60601' },
  destination: { postal: '48201' },
  pallets: 4,
  weightLbs: 4000,
  ...over,
})

/** An approved EXP carrier based in Chicago (its business ZIP) with a dry van. */
export async function expCarrier(truckType: 'dry_van' | 'box_truck' | 'flatbed' = 'dry_van') {
  const user = await makeUser('carrier', { isApproved: true })
  await makeTruck(user, { truckType, capacity: 20 })
  return user
}

/** A requested Chicago to Detroit van job of `shipper`, straight in the database. */
export function makeExpeditedJob(shipper: User, over: Partial<ExpeditedJob> = {}) {
  return ExpeditedJob.create({
    shipperId: shipper.id,
    vehicleType: 'VAN',
    slaHours: 24,
    originPostal: '60601',
    originCity: 'Chicago',
    originState: 'IL',
    originLatitude: 41.8858,
    originLongitude: -87.6181,
    destPostal: '48201',
    destCity: 'Detroit',
    destState: 'MI',
    destLatitude: 42.3474,
    destLongitude: -83.0604,
    pallets: 2,
    weightLbs: 2000,
    distanceMiles: 283.4,
    price: 900,
    status: 'REQUESTED',
    deadlineAt: DateTime.now().plus({ hours: 24 }),
    atRisk: false,
    slaMissed: false,
    createdAt: DateTime.now(),
    ...over,
  })
}

export const SUCCESS_CARD = '4242424242424242'
export const DECLINED_CARD = '4000000000000002'

/** The sandbox card form's body for `number`. */
export const sandboxCard = (number = SUCCESS_CARD) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
})

type Answer = { status: number; body: any }
type Caller<R extends Answer = Answer> = {
  request(method: string, path: string, body?: unknown): Promise<R>
}

/**
 * Pays a requested job as the shipper's browser does (docs/decisions/0188): the job's intent,
 * then the sandbox card form, whose confirmed webhook offers the job. Answers the card's reply.
 */
export async function payJob<R extends Answer>(
  shipper: Caller<R>,
  jobId: number,
  card = SUCCESS_CARD
): Promise<R> {
  const intent = await shipper.request('POST', `/api/expedited-jobs/${jobId}/payment-intent`, {})
  if (intent.status !== 200) throw new Error(`intent ${intent.status}: ${JSON.stringify(intent)}`)
  return shipper.request('POST', '/api/sandbox/payments/confirm', {
    clientSecret: intent.body.clientSecret,
    ...sandboxCard(card),
  })
}

/** A Japa API client signed in as `user`, shaped like a browser session for `payJob`. */
export function asCaller(client: any, user: User): Caller {
  return {
    async request(method, path, body) {
      const res = await client[method.toLowerCase()](path)
        .json(body ?? {})
        .loginAs(user)
        .withCsrfToken()
      return { status: res.status(), body: res.body() }
    },
  }
}
