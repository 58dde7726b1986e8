import * as React from 'react'

/**
 * Renders `children` once its box comes near the viewport, `fallback` (of the same height) until
 * then: a chart's code (recharts, about 100 kB compressed) loads when the chart is first shown,
 * not with a dashboard's first load (issue 38, docs/decisions/0218). Without
 * IntersectionObserver (tests, old browsers) it renders `children` at once.
 */
export function WhenVisible({
  fallback,
  children,
  margin = '200px',
}: {
  fallback: React.ReactNode
  children: React.ReactNode
  /** how far outside the viewport counts as near */
  margin?: string
}) {
  const box = React.useRef<HTMLDivElement>(null)
  const [shown, setShown] = React.useState(() => typeof IntersectionObserver === 'undefined')
  React.useEffect(() => {
    const element = box.current
    if (shown || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true)
      },
      { rootMargin: margin }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [shown, margin])
  return shown ? <>{children}</> : <div ref={box}>{fallback}</div>
}
