import * as React from 'react'
import { CreditCard } from 'lucide-react'
import { FieldError } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { confirmSandboxPayment } from '@/features/payments/api/payments'
import {
  PayActions,
  PaymentFailureAlert,
  type CardFormProps,
} from '@/features/payments/components/pay-actions'
import {
  cardBrand,
  cardDigits,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '@/features/payments/utils/card'
import { failureOf, type CardField, type PaymentFailure } from '@/features/payments/utils/outcome'

/** The sandbox provider's test cards (Stripe's numbers), shown as hints under the form. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails with insufficient funds' },
] as const

/**
 * The card form of the sandbox provider, laid out like Stripe's card element. The card goes
 * to our own server's sandbox, which behaves like the real provider and sends its webhooks.
 */
export function SandboxCardForm({
  clientSecret,
  amount,
  onSucceeded,
  onFailed,
  cancel,
}: CardFormProps) {
  const id = React.useId()
  const [number, setNumber] = React.useState('')
  const [expiry, setExpiry] = React.useState('')
  const [cvc, setCvc] = React.useState('')
  const [processing, setProcessing] = React.useState(false)
  const [ready, setReady] = React.useState(false)
  // A field says what is wrong once left, once typed in full, or once Pay is pressed.
  const [touched, setTouched] = React.useState<Record<CardField, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
  })
  const [submitted, setSubmitted] = React.useState(false)
  // What the provider refused, on its field until that field changes; or the last failure.
  const [refused, setRefused] = React.useState<{ name: CardField; message: string } | null>(null)
  const [failure, setFailure] = React.useState<PaymentFailure | null>(null)
  const fieldRefs = {
    number: React.useRef<HTMLInputElement>(null),
    expiry: React.useRef<HTMLInputElement>(null),
    cvc: React.useRef<HTMLInputElement>(null),
  }

  // The form is ready once mounted with its client secret (Stripe's onReady equivalent).
  React.useEffect(() => setReady(true), [])

  const problems: Record<CardField, string | null> = {
    number: cardNumberError(number),
    expiry: expiryError(expiry),
    cvc: cvcError(cvc),
  }
  const typedInFull: Record<CardField, boolean> = {
    number: cardDigits(number).length >= 16,
    expiry: expiry.replace(/\D/g, '').length === 4,
    cvc: false,
  }
  const shown = (field: CardField): string | undefined => {
    if (refused?.name === field) return refused.message
    const problem = problems[field]
    if (!problem) return undefined
    return submitted || touched[field] || typedInFull[field] ? problem : undefined
  }
  const expiryParts = parseExpiry(expiry)
  const brand = cardBrand(number)

  const edit = (field: CardField, set: () => void) => {
    set()
    if (refused?.name === field) setRefused(null)
  }
  const leave = (field: CardField) => setTouched((t) => ({ ...t, [field]: true }))

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!ready || processing) return
    setSubmitted(true)
    const firstWrong = (['number', 'expiry', 'cvc'] as const).find(
      (field) => problems[field] !== null || refused?.name === field
    )
    if (firstWrong || !expiryParts) {
      fieldRefs[firstWrong ?? 'expiry'].current?.focus()
      return
    }
    setProcessing(true)
    setFailure(null)
    let failed = false
    try {
      const result = await confirmSandboxPayment(clientSecret, {
        cardNumber: cardDigits(number),
        expMonth: expiryParts.month,
        expYear: expiryParts.year,
        cvc,
      })
      if (result?.status === 'succeeded') {
        setProcessing(false)
        onSucceeded()
        return
      }
      failed = true
      setFailure(
        failureOf(new Error(`The payment is ${result?.status ?? 'not confirmed'}.`)).failure
      )
    } catch (error) {
      failed = true
      const outcome = failureOf(error)
      setFailure(outcome.failure)
      if (outcome.field) {
        setRefused(outcome.field)
        fieldRefs[outcome.field.name].current?.focus()
      }
    }
    setProcessing(false)
    if (failed) onFailed?.()
  }

  const describedBy = (field: CardField) => (shown(field) ? `${id}-${field}-error` : undefined)

  return (
    <form aria-label="Card payment" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={`${id}-card-number`}>Card number</Label>
        <div className="relative">
          <Input
            id={`${id}-card-number`}
            name="cardnumber"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            ref={fieldRefs.number}
            value={number}
            onChange={(e) => edit('number', () => setNumber(formatCardNumber(e.target.value)))}
            onBlur={() => leave('number')}
            disabled={processing}
            aria-invalid={shown('number') ? true : undefined}
            aria-describedby={describedBy('number')}
            className="pr-28"
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center gap-1 text-xs text-slate-500">
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            {brand}
          </span>
        </div>
        <FieldError id={`${id}-number-error`} message={shown('number')} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-card-expiry`}>Expiration date</Label>
          <Input
            id={`${id}-card-expiry`}
            name="exp-date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            ref={fieldRefs.expiry}
            value={expiry}
            onChange={(e) => edit('expiry', () => setExpiry(formatExpiry(e.target.value)))}
            onBlur={() => leave('expiry')}
            disabled={processing}
            aria-invalid={shown('expiry') ? true : undefined}
            aria-describedby={describedBy('expiry')}
          />
          <FieldError id={`${id}-expiry-error`} message={shown('expiry')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-card-cvc`}>Security code</Label>
          <Input
            id={`${id}-card-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            ref={fieldRefs.cvc}
            value={cvc}
            onChange={(e) =>
              edit('cvc', () => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4)))
            }
            onBlur={() => leave('cvc')}
            disabled={processing}
            aria-invalid={shown('cvc') ? true : undefined}
            aria-describedby={describedBy('cvc')}
          />
          <FieldError id={`${id}-cvc-error`} message={shown('cvc')} />
        </div>
      </div>

      <PaymentFailureAlert failure={failure} />

      <PayActions amount={amount} cancel={cancel} disabled={!ready} processing={processing} />

      <div className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-xs text-slate-600">
        <p className="font-medium text-slate-700">Test mode: no real card is charged.</p>
        <ul className="mt-1 space-y-0.5" aria-label="Test cards">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <span className="font-mono">{card.number}</span> {card.outcome}
            </li>
          ))}
          <li>Any future expiry date and any 3-digit security code.</li>
        </ul>
      </div>
    </form>
  )
}
