import type * as React from 'react'
import { Link } from '@/components/ui/link'
import {
  Clock,
  Hand,
  LayoutDashboard,
  Map,
  PackagePlus,
  RefreshCw,
  Search,
  Truck,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'

const FEATURES = [
  {
    icon: Search,
    title: 'Carrier search',
    text: 'Shippers enter pickup, delivery, pallet count (1 to 100) and pickup date and get carriers with matching capacity and a fixed price.',
  },
  {
    icon: Truck,
    title: 'Fleet and capacity listings',
    text: 'Carriers manage their trucks and publish capacity listings with a route, a rate per mile per pallet and the pallets available.',
  },
  {
    icon: Map,
    title: 'Tracking',
    text: 'Bookings move through booked, confirmed, in transit and delivered, with milestone events along the way.',
  },
  {
    icon: LayoutDashboard,
    title: 'Dashboards',
    text: 'Shippers, carriers and admins each get a dashboard with their bookings, invoices, payouts and reports.',
  },
]

const BOARD_STEPS = [
  {
    icon: PackagePlus,
    title: '1. A shipper posts a load',
    text: 'Origin and destination ZIP, equipment (van, reefer, flatbed, box truck or sprinter), service mode (truckload, LTL or expedited), pallets, weight, dimensions and the pickup and delivery window. A rate estimate suggests a fair price range before the load is published.',
  },
  {
    icon: Hand,
    title: '2. Carriers hold or claim it',
    text: 'Approved carriers filter the board by equipment, mode and ZIP codes. One click claims a load; a carrier who needs a moment can hold it for 30 minutes so nobody else takes it.',
  },
  {
    icon: RefreshCw,
    title: '3. The board stays current',
    text: 'Every open board updates the moment a load is posted, held or claimed, and refreshes every 30 seconds besides, so taken loads disappear without reloading.',
  },
  {
    icon: Clock,
    title: '4. The claimed load becomes a booking',
    text: 'From there it is tracked, paid and completed like any other booking on the platform.',
  },
]

/** `featuredBoard`: the live featured loads, from the freight board feature (composed in app/). */
export function OverviewPage({ featuredBoard }: { featuredBoard: React.ReactNode }) {
  return (
    <>
      <section className="bg-slate-900 px-4 py-20 text-center text-white">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Platform Overview</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          One marketplace for pallet freight: instant booking at fixed prices for shippers, and a
          steady flow of loads for carriers.
        </p>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold text-slate-900">
          What's on the platform
        </h2>
        <div className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader className="flex-row items-center gap-3">
                <Icon className="h-6 w-6 text-brand-500" aria-hidden="true" />
                <CardTitle>{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="text-slate-600">{text}</CardDescription>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-brand-50 py-16" aria-labelledby="board-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="board-heading" className="text-2xl font-bold text-slate-900">
            Featured: the Grab &amp; Go freight board
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">
            The freight board is where posted loads meet available trucks. These are loads open on
            it right now.
          </p>
          <div className="mt-8">{featuredBoard}</div>
          <h3 className="mt-12 text-xl font-semibold text-slate-900">How a load moves</h3>
          <ol className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
            {BOARD_STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
                <div className="flex items-center gap-3">
                  <Icon className="h-6 w-6 text-brand-500" aria-hidden="true" />
                  <h4 className="font-semibold text-slate-900">{title}</h4>
                </div>
                <p className="mt-3 text-sm text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.register.getHref()}>Get Started</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.contact.getHref()}>Questions? Contact us</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
