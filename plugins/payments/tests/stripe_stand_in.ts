/**
 * A local stand-in for the few Stripe API endpoints the driver calls, on node:http. It records
 * every request (method, path, form body, Idempotency-Key) and answers like Stripe, including
 * its idempotency replay and conflict, 404 resource_missing and refund limits. Payment intents,
 * refunds and accounts can be read back (GET), as confirming a webhook event does.
 */
import http from 'node:http'

export type RecordedRequest = {
  method: string
  path: string
  /** the form body as Stripe's SDK encodes it, e.g. { 'metadata[bookingId]': '42' } */
  form: Record<string, string>
  idempotencyKey: string | undefined
  authorization: string | undefined
}

type Json = Record<string, any>

export class StripeStandIn {
  requests: RecordedRequest[] = []
  private server = http.createServer((req, res) => this.handle(req, res))
  private objects = new Map<string, Json>()
  private idempotency = new Map<string, { body: string; status: number; response: Json }>()
  private seq = 0
  port = 0

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as { port: number }).port
    return this
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  reset() {
    this.requests = []
    this.objects.clear()
    this.idempotency.clear()
  }

  /** What the customer's browser does with Stripe.js: the card succeeds. */
  succeed(paymentId: string) {
    const pi = this.objects.get(paymentId)!
    pi.status = 'succeeded'
    pi.latest_charge = `ch_test_${++this.seq}`
    this.objects.set(pi.latest_charge, { id: pi.latest_charge, amount: pi.amount })
  }

  /** What the carrier finishing Stripe's hosted onboarding does. */
  completeOnboarding(accountId: string) {
    const account = this.objects.get(accountId)!
    account.details_submitted = true
    account.payouts_enabled = true
    account.charges_enabled = true
    account.requirements = { disabled_reason: null }
  }

  private id(prefix: string) {
    return `${prefix}_test_${++this.seq}`
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]
      const form = Object.fromEntries(new URLSearchParams(body))
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined
      this.requests.push({
        method: req.method ?? '',
        path,
        form,
        idempotencyKey,
        authorization: req.headers.authorization,
      })
      const send = (status: number, response: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' })
        res.end(JSON.stringify(response))
      }
      if (req.method === 'POST' && idempotencyKey) {
        const seen = this.idempotency.get(idempotencyKey)
        if (seen && seen.body !== `${path}?${body}`) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          })
        }
        if (seen) return send(seen.status, seen.response)
      }
      const [status, response] = this.route(req.method ?? '', path, form)
      if (req.method === 'POST' && idempotencyKey) {
        this.idempotency.set(idempotencyKey, { body: `${path}?${body}`, status, response })
      }
      send(status, response)
    })
  }

  private missing(kind: string, id: string): [number, Json] {
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${kind}: '${id}'`,
        },
      },
    ]
  }

  private invalid(message: string): [number, Json] {
    return [400, { error: { type: 'invalid_request_error', message } }]
  }

  private metadata(form: Record<string, string>) {
    return Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v])
    )
  }

  private route(method: string, path: string, form: Record<string, string>): [number, Json] {
    const [, , resource, id] = path.split('/')
    if (method === 'POST' && resource === 'payment_intents' && !id) {
      const pi = {
        id: this.id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: 'requires_payment_method',
        latest_charge: null,
        last_payment_error: null,
        metadata: this.metadata(form),
        transfer_group: form.transfer_group ?? null,
        amount_refunded: 0,
      } as Json
      pi.client_secret = `${pi.id}_secret_standin`
      this.objects.set(pi.id, pi)
      return [200, pi]
    }
    if (method === 'GET' && resource === 'payment_intents') {
      const pi = this.objects.get(id)
      return pi ? [200, pi] : this.missing('payment_intent', id)
    }
    if (method === 'POST' && resource === 'refunds') {
      const pi = this.objects.get(form.payment_intent)
      if (!pi) return this.missing('payment_intent', form.payment_intent)
      if (pi.status !== 'succeeded') {
        return this.invalid(
          `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`
        )
      }
      const remaining = pi.amount - pi.amount_refunded
      const amount = form.amount ? Number(form.amount) : remaining
      if (amount > remaining) {
        return this.invalid('Refund amount is greater than unrefunded amount on charge')
      }
      pi.amount_refunded += amount
      const refund = {
        id: this.id('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        status: 'succeeded',
        payment_intent: pi.id,
        charge: pi.latest_charge,
      }
      this.objects.set(refund.id, refund)
      return [200, refund]
    }
    if (method === 'GET' && resource === 'refunds') {
      const refund = this.objects.get(id)
      return refund?.object === 'refund' ? [200, refund] : this.missing('refund', id)
    }
    if (method === 'POST' && resource === 'accounts' && !id) {
      const account = {
        id: this.id('acct'),
        object: 'account',
        type: form.type,
        email: form.email,
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        requirements: { disabled_reason: 'requirements.past_due' },
        metadata: this.metadata(form),
      }
      this.objects.set(account.id, account)
      return [200, account]
    }
    if (method === 'GET' && resource === 'accounts') {
      const account = this.objects.get(id)
      return account ? [200, account] : this.missing('account', id)
    }
    if (method === 'POST' && resource === 'account_links') {
      if (!this.objects.has(form.account)) return this.missing('account', form.account)
      return [
        200,
        {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/e/${form.account}/standin`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      ]
    }
    if (method === 'POST' && resource === 'transfers') {
      const account = this.objects.get(form.destination)
      if (!account) return this.missing('destination', form.destination)
      if (!account.payouts_enabled) {
        return this.invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers'
        )
      }
      if (form.source_transaction && !this.objects.has(form.source_transaction)) {
        return this.missing('charge', form.source_transaction)
      }
      return [
        200,
        {
          id: this.id('tr'),
          object: 'transfer',
          amount: Number(form.amount),
          currency: form.currency,
          destination: form.destination,
          transfer_group: form.transfer_group,
          source_transaction: form.source_transaction ?? null,
          metadata: this.metadata(form),
        },
      ]
    }
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      },
    ]
  }
}
