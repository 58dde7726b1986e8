import * as React from 'react'
import { pathnameOf, useNavigation } from '@/lib/navigation'

export type LinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path (paths.ts), with any query and hash. */
  to: string
  replace?: boolean
  state?: unknown
}

/** A plain left click, which the app handles; modified clicks and other targets stay native. */
function isPlainClick(event: React.MouseEvent<HTMLAnchorElement>, target?: string) {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  )
}

/**
 * An `<a href>` that navigates in the app. Works without React Router (the public pages hydrate
 * without it) and with it (the full app), and as a plain link before any JavaScript has run.
 */
export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...props },
  ref
) {
  const { location, navigate } = useNavigation()
  return (
    <a
      ref={ref}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainClick(event, target)) return
        event.preventDefault()
        // As React Router does: a link to the page already shown replaces it.
        const here = `${location.pathname}${location.search}${location.hash}`
        navigate(to, { replace: replace ?? here === to, state })
      }}
      {...props}
    />
  )
})

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on exactly this path, not below it. */
  end?: boolean
  className?: string | ((state: { isActive: boolean }) => string)
}

/** A Link that knows whether it points at the current page (`aria-current="page"`). */
export const NavLink = React.forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, to, ...props },
  ref
) {
  const { location } = useNavigation()
  const target = pathnameOf(to).replace(/(.)\/$/, '$1')
  const current = location.pathname.replace(/(.)\/$/, '$1')
  // As React Router's NavLink: `/` is active only on `/`.
  const isActive =
    current === target || (!end && target !== '/' && current.startsWith(`${target}/`))
  return (
    <Link
      ref={ref}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...props}
    />
  )
})
