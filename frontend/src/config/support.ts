/** Public contact details, shown on the contact, pending-approval and legal pages. */
export const SUPPORT = {
  phone: '(800) 555-0142',
  phoneHref: 'tel:+18005550142',
  email: 'support@palletline.com',
  businessHours: 'Mon-Fri 8am-8pm EST, Sat 9am-5pm EST, Sunday emergency only',
  responseTime: 'within 24 hours',
} as const

export const COMPANY = {
  name: 'PalletLine',
  legalName: 'PalletLine, Inc.',
  foundedYear: 2017,
  headquarters: { city: 'Chicago', state: 'IL', note: 'Visits by appointment' },
} as const
