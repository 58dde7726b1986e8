import { Link } from '@/components/ui/link'
import {
  ArrowRight,
  BadgeCheck,
  BarChart3,
  CreditCard,
  MapPin,
  PackageSearch,
  Star,
  Truck,
  Zap,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { MarketingStats } from '@/features/marketing/components/marketing-stats'

const BENEFITS = [
  {
    icon: Zap,
    title: 'Instant booking, fixed prices',
    text: 'See a transparent price for your pallets up front and book in minutes. No bidding, no waiting for quotes.',
  },
  {
    icon: PackageSearch,
    title: 'Grab-and-go freight board',
    text: 'Shippers post loads; carriers claim them with one click, or hold a load for 30 minutes while they plan.',
  },
  {
    icon: CreditCard,
    title: 'Secure card payments',
    text: 'Shippers pay by card through our payment provider. Carriers are paid once delivery is confirmed.',
  },
  {
    icon: MapPin,
    title: 'GPS tracking',
    text: 'Follow every shipment from pickup to delivery with status updates along the way.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified users',
    text: 'Carriers are reviewed before they can haul, including DOT number and insurance verification.',
  },
  {
    icon: Star,
    title: 'Ratings and reviews',
    text: 'Build a track record and choose partners based on the experience of other users.',
  },
  {
    icon: BarChart3,
    title: 'Analytics dashboards',
    text: 'Understand spend, earnings, lanes and on-time performance from your dashboard.',
  },
  {
    icon: Truck,
    title: 'Fill empty pallet space',
    text: 'Carriers list spare capacity on planned routes and turn empty positions into revenue.',
  },
]

const SHIPPER_STEPS = [
  {
    title: 'Search',
    text: 'Enter pickup, delivery and the number of pallets to see carriers with space on your lane.',
  },
  { title: 'Book and pay', text: 'Pick a carrier at a fixed price and pay securely by card.' },
  {
    title: 'Track',
    text: "Follow your freight until it is delivered, then confirm it's complete.",
  },
]

const CARRIER_STEPS = [
  {
    title: 'Get approved',
    text: 'Register your company; our team reviews your DOT and insurance details.',
  },
  {
    title: 'List capacity or claim loads',
    text: 'Publish open pallet space on your routes or grab posted loads from the board.',
  },
  {
    title: 'Deliver and get paid',
    text: 'Update the shipment status as you go and receive your payout after delivery is confirmed.',
  },
]

export function LandingPage() {
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-slate-900 via-slate-800 to-brand-900 text-white">
        <div className="mx-auto grid grid-cols-1 max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:py-28">
          <div>
            <p className="mb-4 inline-flex rounded-full bg-brand-500/20 px-3 py-1 text-sm font-medium text-brand-200">
              The pallet freight marketplace
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              Ship pallets on trucks{' '}
              <span className="text-brand-400">already heading your way</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-300">
              PalletLine connects shippers who need pallet freight moved with carriers who have
              space on their trucks. Book instantly at transparent, fixed prices and track every
              shipment to delivery.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.register.getHref()}>
                  Get Started <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/30 bg-transparent text-white hover:bg-white/10"
              >
                <Link to={paths.overview.getHref()}>See how the platform works</Link>
              </Button>
            </div>
          </div>
          <div className="hidden items-center justify-center lg:flex" aria-hidden="true">
            <div className="grid grid-cols-3 gap-3 rounded-2xl border border-white/10 bg-white/5 p-6">
              {Array.from({ length: 9 }, (_, i) => (
                <div
                  key={i}
                  className={`h-20 w-24 rounded-md ${i % 4 === 0 ? 'bg-white/10' : 'bg-brand-500/80'} shadow-inner`}
                />
              ))}
              <div className="col-span-3 mt-2 flex items-center gap-2 text-sm text-slate-300">
                <Truck className="h-5 w-5 text-brand-400" /> Open pallet positions, filled
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="bg-slate-900 py-12 text-white" aria-label="PalletLine at a glance">
        <div className="mx-auto max-w-6xl px-4">
          <MarketingStats />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="benefits-heading">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Why shippers and carriers choose PalletLine
          </h2>
          <p className="mt-4 text-slate-600">
            Everything you need to move pallet freight, in one place.
          </p>
        </div>
        <div className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="transition-shadow hover:shadow-md">
              <CardContent className="p-6">
                <span className="mb-4 flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm text-slate-600">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-slate-50 py-20" aria-labelledby="how-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2
            id="how-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            How it works
          </h2>
          <div className="mt-12 grid grid-cols-1 gap-10 lg:grid-cols-2">
            <Steps title="For shippers" steps={SHIPPER_STEPS} />
            <Steps title="For carriers" steps={CARRIER_STEPS} />
          </div>
          <div className="mt-12 text-center">
            <Button asChild size="lg">
              <Link to={paths.register.getHref()}>Create your free account</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}

function Steps({ title, steps }: { title: string; steps: { title: string; text: string }[] }) {
  return (
    <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
      <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
      <ol className="mt-6 space-y-6">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              {i + 1}
            </span>
            <div>
              <p className="font-medium text-slate-900">{step.title}</p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}
