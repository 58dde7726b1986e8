import { clsx, type ClassValue } from 'clsx'

/** Join class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}

// tailwind-merge's rule (a later utility drops earlier ones that set the same property, under the
// same variants) for the utilities this app uses, in 1 kB instead of its 8.5 kB gzip: cn runs in
// every public page's first JavaScript. utils.test.ts checks it against tailwind-merge itself
// on every pair of classes in the source; a class it does not know is kept, never dropped.

const SIDES = ['x', 'y', 't', 'r', 'b', 'l', 's', 'e']
const SIZES = /^(xs|sm|base|lg|xl|[2-9]xl)$/
const LENGTH = /^\[(\d|calc|var\(--[\w-]*(size|spacing))/
const WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/
const SHADOWS = /^(2xs|xs|sm|md|lg|xl|2xl|inner|none)$/
const RADII = /^(none|xs|sm|md|lg|xl|[2-4]xl|full|\[.*\])$/

const EXACT: Record<string, string> = {}
const exact = (group: string, names: string) => {
  for (const name of names.split(' ')) EXACT[name] = group
}
exact(
  'display',
  'block inline-block inline flex inline-flex grid inline-grid table contents hidden flow-root table-row table-cell'
)
exact('position', 'static fixed absolute relative sticky')
exact('visibility', 'visible invisible collapse')
exact('sr', 'sr-only not-sr-only')
exact('text-transform', 'uppercase lowercase capitalize normal-case')
exact('text-decoration', 'underline overline line-through no-underline')
exact('font-style', 'italic not-italic')
exact('text-overflow', 'truncate text-ellipsis text-clip')
exact('object-fit', 'object-contain object-cover object-fill object-none object-scale-down')
exact('fvn-spacing', 'proportional-nums tabular-nums')
exact('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse')
exact('flex-wrap', 'flex-wrap flex-wrap-reverse flex-nowrap')
exact(
  'border-style',
  'border-solid border-dashed border-dotted border-double border-hidden border-none'
)
exact('outline-style', 'outline-none outline-hidden outline-dashed outline-dotted outline-double')
exact('outline-w', 'outline')
exact('list-style-position', 'list-inside list-outside')
exact('container', 'container')
exact('isolation', 'isolate isolation-auto')
exact('bg-image', 'bg-none')
exact('caption', 'caption-top caption-bottom')
exact('transition', 'transition')
exact('grow', 'grow')
exact('shrink', 'shrink')
for (const name of ['backdrop-blur', 'blur', 'filter', 'resize', 'divide-x', 'divide-y'])
  exact(name, name)

/** Utilities named `<prefix>-<value>`, each prefix one group whatever the value. */
const PREFIXES = [
  ...['p', 'm'].flatMap((box) => [box, ...SIDES.map((side) => `${box}${side}`)]),
  ...['gap', 'gap-x', 'gap-y', 'space-x', 'space-y', 'w', 'h', 'size', 'min-w', 'min-h'],
  ...['max-w', 'max-h', 'inset', 'inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  ...['start', 'end', 'z', 'opacity', 'order', 'grid-cols', 'grid-rows', 'col-span', 'grow'],
  ...['shrink', 'basis', 'items', 'self', 'content', 'justify-items', 'justify-self', 'leading'],
  ...['tracking', 'cursor', 'select', 'pointer-events', 'appearance', 'resize', 'overflow'],
  ...['overflow-x', 'overflow-y', 'whitespace', 'break', 'align', 'aspect', 'translate-x'],
  ...['translate-y', 'rotate', 'scale', 'origin', 'backdrop-blur', 'blur', 'fill', 'stroke'],
  ...['accent', 'caret', 'scroll-mt', 'scroll-mb', 'underline-offset', 'decoration'],
  ...['duration', 'ease', 'delay', 'transition', 'from', 'via', 'to', 'ring-offset', 'divide-x'],
  ...['divide-y', 'place-items', 'place-content', 'place-self', 'col-start', 'col-end', 'list'],
].sort((a, b) => b.length - a.length)

/** Groups whose utility also sets what the listed groups set, so it drops them too. */
const CONFLICTS: Record<string, string[]> = {
  'p': SIDES.map((side) => `p${side}`),
  'px': ['pr', 'pl', 'ps', 'pe'],
  'py': ['pt', 'pb'],
  'm': SIDES.map((side) => `m${side}`),
  'mx': ['mr', 'ml', 'ms', 'me'],
  'my': ['mt', 'mb'],
  'gap': ['gap-x', 'gap-y'],
  'flex': ['basis', 'grow', 'shrink'],
  'size': ['w', 'h'],
  'inset': ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  'overflow': ['overflow-x', 'overflow-y'],
  'font-size': ['leading'],
  'rounded': ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'],
  'border-w': SIDES.map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': SIDES.map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
}

/** The group of a utility without its variants, or undefined for a class this does not know. */
function groupOf(utility: string): string | undefined {
  if (EXACT[utility]) return EXACT[utility]
  // An arbitrary property (`[overflow-wrap:anywhere]`) conflicts with another of its property.
  const property = /^\[([a-z-]+):.+\]$/.exec(utility)
  if (property) return `property-${property[1]}`
  const dash = utility.indexOf('-')
  const head = dash < 0 ? utility : utility.slice(0, dash)
  const value = dash < 0 ? '' : utility.slice(dash + 1).replace(/\/[\d.]+$/, '')
  switch (head) {
    case 'text':
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-alignment'
      return SIZES.test(value) || LENGTH.test(value) ? 'font-size' : 'text-color'
    case 'font':
      return WEIGHTS.test(value) ? 'font-weight' : 'font-family'
    case 'bg':
      if (/^(linear-to|radial|conic)/.test(value)) return 'bg-image'
      if (/^(fixed|local|scroll)$/.test(value)) return 'bg-attachment'
      if (/^(auto|cover|contain)$/.test(value)) return 'bg-size'
      if (/^(bottom|center|left|right|top)/.test(value)) return 'bg-position'
      if (/^(repeat|no-repeat)/.test(value)) return 'bg-repeat'
      return 'bg-color'
    case 'border': {
      const side = /^([xytrblse])(-|$)/.exec(value)
      const rest = side ? value.slice(2) : value
      const group = rest === '' || /^(\d+|\[\d.*\])$/.test(rest) ? 'border-w' : 'border-color'
      return side ? `${group}-${side[1]}` : group
    }
    case 'rounded': {
      const side = /^([tbrlse]|tl|tr|br|bl|ss|se|es|ee)(-|$)/.exec(value)
      if (side && RADII.test(value.slice(side[0].length) || 'md')) return `rounded-${side[1]}`
      return 'rounded'
    }
    case 'shadow':
      return value === '' || SHADOWS.test(value) ? 'shadow' : 'shadow-color'
    case 'ring':
      if (value === '' || /^(\d+|\[\d.*\])$/.test(value)) return 'ring-w'
      if (value === 'inset') return 'ring-inset'
      break
    case 'outline':
      if (/^(\d+|\[\d.*\])$/.test(value)) return 'outline-w'
      break
    case 'flex':
      if (/^(1|auto|initial|none|\d.*|\[.*\])$/.test(value)) return 'flex'
      break
    case 'justify':
      if (!/^(items|self)-/.test(value)) return 'justify-content'
      break
    case 'animate':
      // Only Tailwind's own: tailwind-merge keeps the theme's (animate-toast-in) side by side.
      return /^(spin|ping|pulse|bounce|none|\[.*\])$/.test(value) ? 'animate' : undefined
    case 'divide':
      if (/^(solid|dashed|dotted|double|none)$/.test(value)) return 'divide-style'
      if (!value.startsWith('x') && !value.startsWith('y')) return 'divide-color'
      break
    case 'list':
      return 'list-style-type'
  }
  const prefix = PREFIXES.find((p) => utility.startsWith(`${p}-`))
  if (prefix) return prefix
  if (head === 'ring') return value.startsWith('offset') ? undefined : 'ring-color'
  if (head === 'outline') return value.startsWith('offset') ? 'outline-offset' : 'outline-color'
  return undefined
}

/** The variants (`md:`, `data-[state=active]:`) and the utility of a class. */
function split(className: string) {
  let depth = 0
  let last = -1
  for (let i = 0; i < className.length; i++) {
    const char = className[i]
    if (char === '[' || char === '(') depth++
    else if (char === ']' || char === ')') depth--
    else if (char === ':' && depth === 0) last = i
  }
  const variants = last < 0 ? '' : className.slice(0, last).split(':').sort().join(':')
  let utility = className.slice(last + 1)
  const important = utility.startsWith('!') || utility.endsWith('!')
  utility = utility.replace(/^!|!$/g, '').replace(/^-/, '')
  return { scope: `${variants}${important ? '!' : ''}:`, utility }
}

function mergeClasses(classList: string) {
  const kept: string[] = []
  const taken = new Set<string>()
  const classes = classList.split(/\s+/).filter(Boolean)
  for (let i = classes.length - 1; i >= 0; i--) {
    const { scope, utility } = split(classes[i])
    const group = groupOf(utility)
    if (group === undefined) {
      kept.push(classes[i])
      continue
    }
    if (taken.has(scope + group)) continue
    taken.add(scope + group)
    for (const other of CONFLICTS[group] ?? []) taken.add(scope + other)
    kept.push(classes[i])
  }
  return kept.reverse().join(' ')
}
