import { paths } from '@/config/paths'

/**
 * One place in a visitor's header menu. `account` marks the two account entries, which the
 * desktop header shows as buttons beside the page links.
 */
export type PublicNavEntry = { label: string; to: string; account?: 'sign-in' | 'sign-up' }

/**
 * Everything the signed-out header offers, in order: the desktop links and buttons and the
 * phone menu are both drawn from this one list (docs/decisions/0164).
 */
export const PUBLIC_NAV: readonly PublicNavEntry[] = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'About', to: paths.about.getHref() },
  { label: 'Platform', to: paths.overview.getHref() },
  { label: 'Contact', to: paths.contact.getHref() },
  { label: 'Sign In', to: paths.login.getHref(), account: 'sign-in' },
  { label: 'Get Started', to: paths.register.getHref(), account: 'sign-up' },
]
