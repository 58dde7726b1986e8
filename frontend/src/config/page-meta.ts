/**
 * Title and description of each public page: the prerendered HTML's <head> (prerender.tsx)
 * and the document title after a client-side navigation. Other routes use the site's own.
 */
export type PageMeta = { title: string; description: string }

export const SITE_META: PageMeta = {
  title: 'PalletLine | Pallet freight marketplace',
  description: 'PalletLine: book pallet space on carrier trucks with transparent fixed pricing.',
}

export const PAGE_META: Readonly<Record<string, PageMeta>> = {
  '/': SITE_META,
  '/overview': {
    title: 'Platform overview | PalletLine',
    description:
      'How PalletLine works: instant pallet booking at fixed prices for shippers, a live freight board and card-paid loads for carriers.',
  },
  '/about': {
    title: 'About PalletLine',
    description:
      'Since 2017 PalletLine has made it simple to ship a few pallets, without the cost of a full truckload or the back-and-forth of bidding.',
  },
  '/contact': {
    title: 'Contact | PalletLine',
    description:
      'Questions about shipping pallets or hauling with PalletLine? Reach our support team by phone, email or the contact form.',
  },
  '/auth': {
    title: 'Sign in or create an account | PalletLine',
    description:
      'Sign in to PalletLine, or create a shipper or carrier account to book pallet space and fill your trucks.',
  },
  '/login': {
    title: 'Sign in | PalletLine',
    description: 'Sign in to your PalletLine account.',
  },
  '/register': {
    title: 'Create your account | PalletLine',
    description: 'Join PalletLine to ship pallets or fill your trucks.',
  },
  '/terms': {
    title: 'Terms of Service | PalletLine',
    description: 'The terms of service of the PalletLine pallet freight marketplace.',
  },
  '/privacy': {
    title: 'Privacy Policy | PalletLine',
    description: 'How PalletLine collects, uses and protects your personal information.',
  },
  '/agreement': {
    title: 'User Agreement | PalletLine',
    description: 'The user agreement shippers and carriers accept when they join PalletLine.',
  },
}

export function pageMeta(pathname: string): PageMeta {
  return PAGE_META[pathname] ?? SITE_META
}
