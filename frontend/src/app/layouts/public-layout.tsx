import type * as React from 'react'
import { SiteFooter } from '@/app/layouts/site-footer'
import { SiteHeader } from '@/app/layouts/site-header'

export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="content" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
