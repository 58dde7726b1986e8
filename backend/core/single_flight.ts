/**
 * One run per key at a time (single flight): a caller that finds a run under way for its key,
 * begun under the same `tag`, shares its promise instead of starting another. Caches tag runs
 * with what makes a result valid (a generation, a version), so a run begun before a change is
 * never joined after it. A run is forgotten once it settles, fulfilled or not.
 */
export class SingleFlight<T> {
  #running = new Map<string, { tag: string; result: Promise<T> }>()

  run(key: string, tag: string, make: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key)
    if (running && running.tag === tag) return running.result
    const entry = { tag, result: make() }
    this.#running.set(key, entry)
    const done = () => {
      if (this.#running.get(key) === entry) this.#running.delete(key)
    }
    entry.result.then(done, done)
    return entry.result
  }
}
