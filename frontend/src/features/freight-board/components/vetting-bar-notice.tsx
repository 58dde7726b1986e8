import { ShieldAlert } from 'lucide-react'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import type { OwnVetting } from '@/features/freight-board/api/get-own-vetting'

type Check = NonNullable<OwnVetting['vetting']>['checks'][number]
type Fix = { text: string; links: { to: string; label: string }[] }

const PROFILE = paths.carrier.getHref('profile')

/** What the carrier can do about each failing check, and where (docs/decisions/0189). */
export function fixFor(check: Check): Fix {
  switch (check.key) {
    case 'insurance_certificate':
      return {
        text: 'Upload your current insurance certificate with its expiry date.',
        links: [{ to: PROFILE, label: 'Upload the certificate in your company profile' }],
      }
    case 'contact_match':
      return {
        text: 'Make your phone and e-mail the ones on your FMCSA record.',
        links: [
          { to: PROFILE, label: 'Change your phone in your company profile' },
          { to: paths.settings.getHref(), label: 'Change your e-mail in Settings' },
        ],
      }
    case 'dot_allowed':
      return {
        text: 'Check the USDOT number in your company profile; if it is right, its status is FMCSA’s to change.',
        links: [{ to: PROFILE, label: 'Check your USDOT number' }],
      }
    case 'liability_insurance':
      return {
        text: 'Have your insurer file at least $750,000 of liability cover with FMCSA.',
        links: [],
      }
    case 'out_of_service':
      return { text: 'The out-of-service order must be lifted by FMCSA.', links: [] }
    case 'mcs150':
      return { text: 'File an updated MCS-150 with FMCSA.', links: [] }
    case 'authority_age':
      return {
        text: 'A new operating authority passes once it is old enough; nothing to upload.',
        links: [],
      }
    default:
      return { text: check.reason, links: [] }
  }
}

/**
 * Above the board when the carrier's newest vetting failed: Hold and Claim would only be
 * refused ("Your carrier vetting did not pass"), so they are off, and this says why and what
 * fixes each check. The vetting runs again on an upload, at each claim and every day.
 */
export function VettingBarNotice({ id, vetting }: { id: string; vetting: OwnVetting['vetting'] }) {
  const failing = (vetting?.checks ?? []).filter((check) => check.result === 'fail')
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        Your carrier vetting did not pass: you cannot hold or claim loads yet
      </h2>
      <ul className="mt-3 space-y-2">
        {failing.map((check) => {
          const fix = fixFor(check)
          return (
            <li key={check.key} className="rounded-md bg-white/70 px-3 py-2">
              <p className="font-medium">{check.label}</p>
              <p className="text-red-800">{check.reason}</p>
              <p className="mt-1 text-slate-800">{fix.text}</p>
              {fix.links.length > 0 ? (
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {fix.links.map((link) => (
                    <Link key={link.to + link.label} to={link.to} className="font-medium underline">
                      {link.label}
                    </Link>
                  ))}
                </p>
              ) : null}
            </li>
          )
        })}
      </ul>
      <p className="mt-3 text-red-800">
        Your vetting runs again when you upload a certificate, when you claim a load and every day.
      </p>
    </section>
  )
}
