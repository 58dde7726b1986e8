import { Link } from '@/components/ui/link'
import { Handshake, Scale, ShieldCheck, Target } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { MarketingStats } from '@/features/marketing/components/marketing-stats'

const VALUES = [
  {
    icon: Scale,
    title: 'Transparent pricing',
    text: 'Fixed prices shown before you book. No bidding wars, no hidden markups.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust and verification',
    text: 'Carriers are reviewed before they can haul, and carrier identities are shared with shippers only after payment is confirmed.',
  },
  {
    icon: Handshake,
    title: 'A neutral platform',
    text: 'PalletLine connects shippers and carriers directly. We are not a broker, forwarder, carrier or dispatcher.',
  },
  {
    icon: Target,
    title: 'Efficiency',
    text: 'Every empty pallet position filled is a truck that runs fuller and freight that moves sooner.',
  },
]

export function AboutPage() {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-500 to-brand-700 px-4 py-20 text-center text-white">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">About PalletLine</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-50">
          Since 2017 we have been making it simple to ship a few pallets, without the cost of a full
          truckload and without the back-and-forth of bidding.
        </p>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 text-slate-700">
        <h2 className="text-2xl font-bold text-slate-900">Our story</h2>
        <p className="mt-4 leading-relaxed">
          Trucks crisscross the country every day with empty pallet positions, while shippers
          struggle to find reliable, fairly priced space for partial loads. PalletLine was built to
          close that gap: carriers publish the capacity they have on the routes they already run,
          and shippers book it instantly at a fixed price.
        </p>
        <p className="mt-4 leading-relaxed">
          Today our marketplace also includes a grab-and-go freight board where shippers post loads
          and carriers claim them with one click, secure card payments with automatic carrier
          payouts, shipment tracking, and dashboards for shippers, carriers and our own operations
          team.
        </p>
      </section>

      <section className="bg-slate-900 py-12 text-white" aria-label="PalletLine at a glance">
        <div className="mx-auto max-w-6xl px-4">
          <MarketingStats />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="values-heading">
        <h2 id="values-heading" className="text-center text-2xl font-bold text-slate-900">
          What we stand for
        </h2>
        <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardContent className="flex gap-4 p-6">
                <Icon className="h-8 w-8 shrink-0 text-brand-500" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
        <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.register.getHref()}>Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact.getHref()}>Talk to our team</Link>
          </Button>
        </div>
      </section>
    </>
  )
}
