import { useLocation } from 'react-router-dom'
import { ConfirmEmailChange } from '@/features/auth/components/confirm-email-change'

/** The token rides in the fragment (`#token=`), which browsers never send to a server. */
function tokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token ? token : null
}

export default function ConfirmEmailRoute() {
  const { hash } = useLocation()
  return <ConfirmEmailChange token={tokenOf(hash)} />
}
