import * as React from 'react'
import { cn } from '@/lib/utils'

// The WAI-ARIA tabs pattern as Radix Tabs does it (same markup, ids, data-state, automatic
// activation on focus, arrow keys with Home/End), without its 9 kB gzip: /auth shows tabs in
// its first JavaScript.

type TabsContextValue = {
  baseId: string
  value: string
  select: (value: string) => void
}

const TabsContext = React.createContext<TabsContextValue | null>(null)

function useTabs() {
  const context = React.useContext(TabsContext)
  if (!context) throw new Error('Tabs parts must be used within <Tabs>')
  return context
}

const idOf = (baseId: string, part: 'trigger' | 'content', value: string) =>
  `${baseId}-${part}-${value}`

type TabsProps = Omit<React.HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'dir'> & {
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
}

export const Tabs = React.forwardRef<HTMLDivElement, TabsProps>(function Tabs(
  { value: controlled, defaultValue = '', onValueChange, ...props },
  ref
) {
  const baseId = `radix-${React.useId()}`
  const [uncontrolled, setUncontrolled] = React.useState(defaultValue)
  const value = controlled ?? uncontrolled
  const select = React.useCallback(
    (next: string) => {
      if (next === value) return
      if (controlled === undefined) setUncontrolled(next)
      onValueChange?.(next)
    },
    [value, controlled, onValueChange]
  )
  const context = React.useMemo(() => ({ baseId, value, select }), [baseId, value, select])
  return (
    <TabsContext.Provider value={context}>
      <div ref={ref} dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  )
})

/** The next enabled tab from `current` in `direction` (wrapping), for the arrow keys. */
function moveFocus(list: HTMLElement, current: HTMLElement, key: string) {
  const tabs = [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')]
  const index = tabs.indexOf(current as HTMLButtonElement)
  const target =
    key === 'Home'
      ? tabs[0]
      : key === 'End'
        ? tabs[tabs.length - 1]
        : key === 'ArrowRight'
          ? tabs[(index + 1) % tabs.length]
          : key === 'ArrowLeft'
            ? tabs[(index - 1 + tabs.length) % tabs.length]
            : undefined
  if (!target) return false
  target.focus()
  return true
}

export const TabsList = React.forwardRef<HTMLDivElement, React.HTMLAttributes<HTMLDivElement>>(
  function TabsList({ className, onKeyDown, ...props }, ref) {
    return (
      <div
        ref={ref}
        role="tablist"
        aria-orientation="horizontal"
        data-orientation="horizontal"
        className={cn(
          'inline-flex h-10 items-center justify-center rounded-md bg-slate-100 p-1 text-slate-600',
          className
        )}
        onKeyDown={(event) => {
          onKeyDown?.(event)
          const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]')
          if (event.defaultPrevented || !tab) return
          if (moveFocus(event.currentTarget, tab, event.key)) event.preventDefault()
        }}
        {...props}
      />
    )
  }
)

type TabsTriggerProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { value: string }

export const TabsTrigger = React.forwardRef<HTMLButtonElement, TabsTriggerProps>(
  function TabsTrigger(
    { className, value, disabled, onMouseDown, onKeyDown, onFocus, ...props },
    ref
  ) {
    const tabs = useTabs()
    const selected = tabs.value === value
    return (
      <button
        ref={ref}
        type="button"
        role="tab"
        id={idOf(tabs.baseId, 'trigger', value)}
        aria-selected={selected}
        aria-controls={idOf(tabs.baseId, 'content', value)}
        data-state={selected ? 'active' : 'inactive'}
        data-disabled={disabled ? '' : undefined}
        data-orientation="horizontal"
        disabled={disabled}
        // Roving focus: Tab reaches the selected tab only; the arrow keys move between tabs.
        tabIndex={selected ? 0 : -1}
        className={cn(
          'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-50',
          'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
          className
        )}
        onMouseDown={(event) => {
          onMouseDown?.(event)
          // As Radix: a plain left press selects; a ctrl-click (context menu on macOS) does not.
          if (!disabled && event.button === 0 && !event.ctrlKey) tabs.select(value)
          else event.preventDefault()
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event)
          if (event.key === ' ' || event.key === 'Enter') tabs.select(value)
        }}
        onFocus={(event) => {
          onFocus?.(event)
          if (!selected && !disabled) tabs.select(value)
        }}
        {...props}
      />
    )
  }
)

type TabsContentProps = React.HTMLAttributes<HTMLDivElement> & { value: string }

export const TabsContent = React.forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent(
  { className, value, children, ...props },
  ref
) {
  const tabs = useTabs()
  const selected = tabs.value === value
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      hidden={!selected}
      tabIndex={0}
      className={cn(
        'mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
        className
      )}
      {...props}
    >
      {selected ? children : null}
    </div>
  )
})
