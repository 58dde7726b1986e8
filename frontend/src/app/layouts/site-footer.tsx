import { useSyncExternalStore } from 'react'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { COMPANY, SUPPORT } from '@/config/support'
import { Logo } from '@/app/layouts/logo'

const COLUMNS = [
  {
    title: 'Platform',
    links: [
      { label: 'Platform Overview', to: paths.overview.getHref() },
      { label: 'Get Started', to: paths.register.getHref() },
      { label: 'Sign In', to: paths.login.getHref() },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about.getHref() },
      { label: 'Contact', to: paths.contact.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'User Agreement', to: paths.agreement.getHref() },
      { label: 'Terms of Service', to: paths.terms.getHref() },
      { label: 'Privacy Policy', to: paths.privacy.getHref() },
    ],
  },
]

const noUpdates = () => () => {}

/**
 * This year. A prerendered page carries the year of its build (__BUILD_YEAR__), so hydration
 * starts from that and React then re-renders with the visitor's year if it differs.
 */
function useCurrentYear() {
  return useSyncExternalStore(
    noUpdates,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__
  )
}

export function SiteFooter() {
  const year = useCurrentYear()
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid grid-cols-1 max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-slate-600">
            The pallet freight marketplace connecting shippers and carriers since 2017.
          </p>
          <p className="text-sm text-slate-600">
            {SUPPORT.phone} ·{' '}
            <a className="hover:text-brand-800" href={`mailto:${SUPPORT.email}`}>
              {SUPPORT.email}
            </a>
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-600 hover:text-brand-800">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 px-4 py-6 text-center text-xs text-slate-500">
        <p>
          © {year} {COMPANY.legalName} {COMPANY.name} is a neutral technology platform, not a
          freight broker, forwarder, carrier or dispatcher.
        </p>
      </div>
    </footer>
  )
}
