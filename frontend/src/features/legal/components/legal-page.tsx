import * as React from 'react'
import { Link } from '@/components/ui/link'
import { ArrowLeft } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

export const LEGAL_EFFECTIVE_DATE = 'January 15, 2025'

export type LegalSection = { heading: string; paragraphs: React.ReactNode[] }

type LegalPageProps = {
  title: string
  intro?: React.ReactNode
  sections?: LegalSection[]
  children?: React.ReactNode
}

function BackToHome() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.home.getHref()}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
      </Link>
    </Button>
  )
}

/** Shell of /terms, /privacy and /agreement: title, effective date, sections, back-to-home. */
export function LegalPage({ title, intro, sections, children }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="mb-8">
        <BackToHome />
      </div>
      <header className="mb-8 border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm font-medium text-slate-500">
          Effective Date: {LEGAL_EFFECTIVE_DATE}
        </p>
        {intro ? <div className="mt-4 text-slate-700">{intro}</div> : null}
      </header>
      <div className="space-y-8 text-slate-700">
        {sections?.map((section) => (
          <section key={section.heading} aria-labelledby={slug(section.heading)}>
            <h2 id={slug(section.heading)} className="mb-3 text-xl font-semibold text-slate-900">
              {section.heading}
            </h2>
            <div className="space-y-3 leading-relaxed">
              {section.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>
        ))}
        {children}
      </div>
      <div className="mt-12 border-t border-slate-200 pt-6">
        <BackToHome />
      </div>
    </article>
  )
}

function slug(text: string) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '')
}
