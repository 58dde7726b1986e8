import * as React from 'react'
import { CreditCard } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { confirmSandboxPayment } from '@/features/payments/api/payments'
import { PayActions, type CardFormProps } from '@/features/payments/components/pay-actions'
import {
  cardBrand,
  cardDigits,
  cardNumberComplete,
  cvcComplete,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '@/features/payments/utils/card'
import { paymentFailure } from '@/features/payments/utils/outcome'

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
export function SandboxCardForm({ clientSecret, amount, onSucceeded, cancel }: CardFormProps) {
  const id = React.useId()
  const [number, setNumber] = React.useState('')
  const [expiry, setExpiry] = React.useState('')
  const [cvc, setCvc] = React.useState('')
  const [processing, setProcessing] = React.useState(false)
  const [ready, setReady] = React.useState(false)

  // The form is ready once mounted with its client secret (Stripe's onReady equivalent).
  React.useEffect(() => setReady(true), [])

  const expiryParts = parseExpiry(expiry)
  const complete = cardNumberComplete(number) && expiryParts != null && cvcComplete(cvc)
  const brand = cardBrand(number)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!ready || !complete || !expiryParts || processing) return
    setProcessing(true)
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
      paymentFailure.failed(new Error(`The payment is ${result?.status ?? 'not confirmed'}.`))
    } catch (error) {
      paymentFailure.failed(error)
    }
    setProcessing(false)
  }

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
            value={number}
            onChange={(e) => setNumber(formatCardNumber(e.target.value))}
            disabled={processing}
            className="pr-28"
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center gap-1 text-xs text-slate-500">
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            {brand}
          </span>
        </div>
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
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            disabled={processing}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-card-cvc`}>Security code</Label>
          <Input
            id={`${id}-card-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            disabled={processing}
          />
        </div>
      </div>

      <PayActions
        amount={amount}
        cancel={cancel}
        disabled={!ready || !complete}
        processing={processing}
      />

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
