/**
 * Where the simulated partner keeps what it knows (shipments, idempotent answers, PRO numbers).
 * A real partner keeps this on its servers, the same for every caller; the simulator keeps it in
 * this process by default, or in a store every instance of the app shares (Redis when the
 * deployment uses it), so a shipment booked through one instance is known to all.
 */
export interface DemoPartnerState {
  get(key: string): Promise<string | null>
  /** Stores the value only when the key is absent; true when this call stored it. */
  add(key: string, value: string): Promise<boolean>
  set(key: string, value: string): Promise<void>
}

/** The simulator's own memory: one process. */
export class MemoryDemoPartnerState implements DemoPartnerState {
  #values = new Map<string, string>()

  async get(key: string) {
    return this.#values.get(key) ?? null
  }

  async add(key: string, value: string) {
    if (this.#values.has(key)) return false
    this.#values.set(key, value)
    return true
  }

  async set(key: string, value: string) {
    this.#values.set(key, value)
  }

  /** How many keys start with `prefix` (tests count shipments). */
  count(prefix: string) {
    let n = 0
    for (const key of this.#values.keys()) if (key.startsWith(prefix)) n++
    return n
  }
}
