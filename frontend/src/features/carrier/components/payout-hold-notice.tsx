import { Alert } from '@/components/ui/alert'
import { usePayoutHold, type PayoutHold } from '@/features/carrier/api/get-payout-hold'
import { formatDateTime } from '@/lib/format'

const WHAT: Record<PayoutHold['kind'], string> = {
  payout_account: 'your payout account was changed',
  email: 'your account email was changed',
  phone: 'your account phone number was changed',
}

/**
 * Payout History's notice while payouts are held after a change (the account-takeover guard):
 * why, until when, and where the notice of the change went.
 */
export function PayoutHoldNotice() {
  const { data } = usePayoutHold()
  const hold = data?.hold
  if (!hold) return null
  return (
    <Alert variant="error" title={`Payouts on hold until ${formatDateTime(hold.endsAt)}`}>
      Because {WHAT[hold.kind]} on {formatDateTime(hold.startsAt)}, payouts wait 72 hours before
      they are sent. Nothing is lost: held payouts go out when the hold ends.
      {hold.noticeSentTo ? ` A notice went to ${hold.noticeSentTo}.` : ''} If you did not make this
      change, contact support at once.
    </Alert>
  )
}
