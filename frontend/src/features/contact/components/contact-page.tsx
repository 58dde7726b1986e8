import { Clock, Mail, MapPin, Phone } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { COMPANY, SUPPORT } from '@/config/support'
import { ContactForm } from '@/features/contact/components/contact-form'

const FAQ = [
  {
    q: 'How quickly will I hear back?',
    a: 'We respond to every message within 24 hours, usually much sooner during business hours.',
  },
  {
    q: 'How does pricing work?',
    a: 'Shippers see a transparent, fixed price before booking: there is no bidding. PalletLine charges a small percentage on completed transactions.',
  },
  {
    q: 'How do carriers get approved?',
    a: 'After registering, carriers are reviewed by our team, which may verify DOT numbers and insurance and may ask for more information. You get an email once your account is approved.',
  },
  {
    q: 'When do carriers get paid?',
    a: 'Shippers pay by card when they book. The carrier payment is released after delivery of the shipment is confirmed.',
  },
  {
    q: 'Is PalletLine a freight broker?',
    a: 'No. PalletLine is a neutral platform that connects shippers and carriers; it is not a broker, forwarder, carrier or dispatcher.',
  },
]

export function ContactPage() {
  const cards = [
    {
      icon: Phone,
      title: 'Phone',
      body: (
        <a href={SUPPORT.phoneHref} className="hover:underline">
          {SUPPORT.phone}
        </a>
      ),
      note: '24/7 support line for active shipments',
    },
    {
      icon: Mail,
      title: 'Email',
      body: (
        <a href={`mailto:${SUPPORT.email}`} className="hover:underline">
          {SUPPORT.email}
        </a>
      ),
      note: 'We respond within 24 hours',
    },
    { icon: Clock, title: 'Business Hours', body: SUPPORT.businessHours, note: 'Eastern Time' },
    {
      icon: MapPin,
      title: 'Headquarters',
      body: `${COMPANY.headquarters.city}, ${COMPANY.headquarters.state}`,
      note: COMPANY.headquarters.note,
    },
  ]

  return (
    <div className="bg-slate-50">
      <section className="bg-gradient-to-br from-brand-500 to-brand-700 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-bold tracking-tight">Contact Us</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">
          Questions about shipping or hauling with PalletLine? Our team responds within 24 hours.
        </p>
      </section>

      <div className="mx-auto grid grid-cols-1 max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <div className="space-y-4">
          {cards.map(({ icon: Icon, title, body, note }) => (
            <Card key={title}>
              <CardContent className="flex gap-4 p-5">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="font-semibold text-slate-900">{title}</h2>
                  <p className="text-sm text-slate-700">{body}</p>
                  <p className="mt-1 text-xs text-slate-500">{note}</p>
                </div>
              </CardContent>
            </Card>
          ))}
        </div>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
            <CardDescription>
              Fill out the form and we'll get back to you within 24 hours.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
      </div>

      <section className="mx-auto max-w-4xl px-4 pb-16" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="mb-6 text-center text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <div className="space-y-3">
          {FAQ.map(({ q, a }) => (
            <details key={q} className="group rounded-lg border border-slate-200 bg-white p-4">
              <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
                <span className="flex items-center justify-between gap-4">
                  {q}
                  <span
                    aria-hidden="true"
                    className="text-brand-700 transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </span>
              </summary>
              <p className="mt-3 text-sm text-slate-600">{a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  )
}
