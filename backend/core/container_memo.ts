/*
 * Stateless services and controllers are built once per process, not once per request
 * (docs/decisions/0115). The container builds a controller's whole dependency graph on every
 * request (about 240 µs for the board's, each step awaited and announced on the container's
 * event bus); the graph never changes, so the first build is kept.
 *
 * A class is kept when it is declared for injection (`@inject()`), takes no runtime values and
 * every constructor dependency is itself kept, a leaf class with no constructor arguments, or
 * a container binding; never when anything in its graph is bound per request (HttpContext, the
 * request's logger). Kept instances are built on a resolver of their own, so nothing of a
 * request can leak into them. While any test swap is in place nothing is kept, and every
 * swap, restore or new binding forgets what was kept, so `container.swap(Clock, ...)` works as
 * before.
 */
import { ContainerResolver } from '@adonisjs/fold'
import app from '@adonisjs/core/services/app'
import { HttpContext } from '@adonisjs/core/http'
import { Logger } from '@adonisjs/core/logger'

/**
 * What each request binds in its own container resolver (request setup calls `bindRequest`).
 * Nothing that depends on these is built once per process.
 */
export const REQUEST_BOUND: readonly unknown[] = [HttpContext, Logger]
// On the resolver itself: a WeakMap entry per request costs the garbage collector far more.
const REQUEST_CONTEXT = Symbol('palletline.requestContext')
type RequestResolver = ContainerResolver<any> & { [REQUEST_CONTEXT]?: HttpContext }

/**
 * Binds the request's HttpContext and its logger in the request's resolver, as the starter
 * kit's container-bindings middleware does with `bindValue`, without what `bindValue` pays
 * per call: reading the whole HttpContext class's source to check that it is a class.
 */
export function bindRequest(ctx: HttpContext) {
  ;(ctx.containerResolver as RequestResolver)[REQUEST_CONTEXT] = ctx
}

/** The request's own value for HttpContext or Logger on its resolver, unless a test swapped it. */
function requestValue(resolver: ContainerResolver<any>, binding: unknown) {
  if ((binding !== HttpContext && binding !== Logger) || swapped.has(binding)) return undefined
  const ctx = (resolver as RequestResolver)[REQUEST_CONTEXT]
  if (!ctx) return undefined
  return Promise.resolve(binding === HttpContext ? ctx : ctx.logger)
}

type Injectable = (abstract new (...args: any[]) => unknown) & {
  containerInjections?: { _constructor?: { dependencies: unknown[] } }
}

const instances = new Map<Injectable, Promise<unknown>>()
/** Values bound on the container itself with `bindValue` (the kernel's middleware instances). */
const boundValues = new Map<unknown, Promise<unknown>>()
const verdicts = new Map<Injectable, boolean>()
const swapped = new Set<unknown>()
const container = app.container

const classes = new WeakMap<object, boolean>()
/** Whether a binding is a class (its source read once per function, not once per request). */
function isClass(value: unknown): value is Injectable {
  if (typeof value !== 'function') return false
  let known = classes.get(value)
  if (known === undefined) {
    known = /^class[\s{]/.test(Function.prototype.toString.call(value))
    classes.set(value, known)
  }
  return known
}

/** A plain class the container builds with `new C()`: no injections, no parameters. */
const isLeaf = (value: Injectable) => !value.containerInjections?._constructor && value.length === 0

function keepable(binding: Injectable): boolean {
  const known = verdicts.get(binding)
  if (known !== undefined) return known
  verdicts.set(binding, false) // a cycle is not kept
  const injections = binding.containerInjections?._constructor
  const verdict =
    !!injections &&
    !REQUEST_BOUND.includes(binding) &&
    binding.length <= injections.dependencies.length &&
    injections.dependencies.every(
      (dep) =>
        isClass(dep) &&
        !REQUEST_BOUND.includes(dep) &&
        (container.hasBinding(dep) || isLeaf(dep) || keepable(dep))
    )
  verdicts.set(binding, verdict)
  return verdict
}

/** Forgets every kept instance (a swap, a restore or a new binding changes the graph). */
export function forgetKeptInstances() {
  instances.clear()
  verdicts.clear()
}

const resolveFor = ContainerResolver.prototype.resolveFor as (
  this: ContainerResolver<any>,
  parent: unknown,
  binding: unknown,
  runtimeValues?: any[],
  createError?: any
) => Promise<unknown>
let root: ContainerResolver<any> | null = null

/** What is kept or bound for a binding, unless runtime values or a test swap are in play. */
function keptFor(binding: unknown, runtimeValues: unknown[] | undefined) {
  if (runtimeValues !== undefined || swapped.size > 0) return undefined
  return instances.get(binding as Injectable) ?? boundValues.get(binding)
}

ContainerResolver.prototype.resolveFor = function (
  this: ContainerResolver<any>,
  parent: unknown,
  binding: any,
  runtimeValues?: any[],
  createError?: any
) {
  const kept = keptFor(binding, runtimeValues) ?? requestValue(this, binding)
  if (kept) return kept
  if (
    runtimeValues === undefined &&
    swapped.size === 0 &&
    isClass(binding) &&
    !container.hasBinding(binding) &&
    (keepable(binding) || isLeaf(binding))
  ) {
    let instance = instances.get(binding)
    if (!instance) {
      root ??= container.createResolver()
      instance = resolveFor.call(root, null, binding, undefined, createError)
      instances.set(binding, instance)
      instance.catch(() => instances.delete(binding))
    }
    return instance
  }
  return resolveFor.call(this, parent as any, binding, runtimeValues, createError)
} as typeof ContainerResolver.prototype.resolveFor

/*
 * `make` and `call` are the framework's two steps for every middleware and controller of every
 * request: build (or fetch) the instance, then call its method with what the container injects.
 * With nothing to inject (no `@inject()` on the method, no custom provider) and nothing kept
 * to look up, each was still a chain of awaited async functions. They answer at once here; a
 * method that takes injections, a swap in place or anything not kept goes the framework's way.
 */
const make = ContainerResolver.prototype.make as (
  this: ContainerResolver<any>,
  binding: unknown,
  runtimeValues?: any[],
  createError?: any
) => Promise<unknown>
ContainerResolver.prototype.make = function (
  this: ContainerResolver<any>,
  binding: any,
  runtimeValues?: any[],
  createError?: any
) {
  return (
    keptFor(binding, runtimeValues) ??
    requestValue(this, binding) ??
    make.call(this, binding, runtimeValues, createError)
  )
} as typeof ContainerResolver.prototype.make

const call = ContainerResolver.prototype.call as (
  this: ContainerResolver<any>,
  value: any,
  method: any,
  runtimeValues?: any[],
  createError?: any
) => Promise<unknown>
ContainerResolver.prototype.call = function (
  this: ContainerResolver<any>,
  value: any,
  method: any,
  runtimeValues?: any[],
  createError?: any
) {
  const fn = value?.[method]
  const owner = value?.constructor
  const args = runtimeValues ?? []
  if (
    typeof fn === 'function' &&
    owner &&
    !owner.containerProvider &&
    !owner.containerInjections?.[method] &&
    args.length >= fn.length
  ) {
    try {
      return Promise.resolve(fn.apply(value, args))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  return call.call(this, value, method, runtimeValues, createError)
} as typeof ContainerResolver.prototype.call

// Test swaps and late bindings change what a class would be built with.
const swap = container.swap.bind(container)
const restore = container.restore.bind(container)
const restoreAll = container.restoreAll.bind(container)
container.swap = ((binding: any, resolver: any) => {
  swapped.add(binding)
  forgetKeptInstances()
  return swap(binding, resolver)
}) as typeof container.swap
container.restore = ((binding: any) => {
  swapped.delete(binding)
  forgetKeptInstances()
  return restore(binding)
}) as typeof container.restore
container.restoreAll = ((bindings?: any[]) => {
  if (bindings) for (const binding of bindings) swapped.delete(binding)
  else swapped.clear()
  forgetKeptInstances()
  return restoreAll(bindings)
}) as typeof container.restoreAll
for (const method of ['bind', 'bindValue', 'singleton'] as const) {
  const original = (container[method] as (...args: unknown[]) => unknown).bind(container)
  ;(container as any)[method] = (...args: unknown[]) => {
    forgetKeptInstances()
    // The container answers a value bound with `bindValue` ahead of any `bind` or `singleton`
    // for the same class, so a later binding does not change what is remembered here.
    const [binding, value] = args
    if (method === 'bindValue' && isClass(binding)) boundValues.set(binding, Promise.resolve(value))
    return original(...args)
  }
}
