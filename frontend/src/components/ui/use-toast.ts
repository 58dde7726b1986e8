import type * as React from 'react'
import { useSyncExternalStore } from 'react'

/** docs/spec.md §9: one toast at a time; a new one replaces the current one. */
export const TOAST_LIMIT = 1
/** How long a toast stays on screen unless the caller sets its own duration. */
export const TOAST_DURATION_MS = 5000
// Time left for the close animation before a dismissed toast leaves the list.
const REMOVE_DELAY_MS = 300

export type ToastVariant = 'default' | 'destructive' | 'success'

export type ToastOptions = {
  title?: React.ReactNode
  description?: React.ReactNode
  variant?: ToastVariant
  action?: React.ReactNode
  duration?: number
}

export type ToastItem = ToastOptions & { id: string; open: boolean }

let toasts: ToastItem[] = []
let counter = 0
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

function setToasts(next: ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      setToasts(toasts.filter((t) => t.id !== id))
    }, REMOVE_DELAY_MS)
  )
}

/** Close one toast, or all of them when no id is given. */
export function dismissToast(id?: string) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)))
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id)
}

/** Show a toast. Callable from anywhere, including outside React. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = `toast-${counter}`
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => toasts

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return { toasts: current, toast, dismiss: dismissToast }
}

/** Test helper: forget every toast and pending timer. */
export function resetToasts() {
  for (const timer of removalTimers.values()) clearTimeout(timer)
  removalTimers.clear()
  setToasts([])
}
