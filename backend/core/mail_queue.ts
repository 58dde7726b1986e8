import logger from '@adonisjs/core/services/logger'

/**
 * Mail after the work that caused it (issue 36: the live notices and the request must not wait
 * on mail). A notification or an alert is stored and announced in its listener; its mail is
 * queued here and sent on a later turn of the event loop, one at a time, so neither the request
 * that emitted the event nor the other listeners wait for the mail transport. A failed mail is
 * logged, never thrown. `idle()` resolves once everything queued so far went out (tests and
 * shutdown).
 */
type Task = { name: string; run: () => Promise<void> }

class MailQueue {
  #tasks: Task[] = []
  #running: Promise<void> | null = null

  push(name: string, run: () => Promise<void>) {
    this.#tasks.push({ name, run })
    if (!this.#running) this.#running = this.#drain()
  }

  async idle() {
    while (this.#running) await this.#running
  }

  async #drain() {
    await new Promise((resolve) => setImmediate(resolve))
    try {
      let task = this.#tasks.shift()
      while (task) {
        try {
          await task.run()
        } catch (error) {
          logger.error({ err: error, mail: task.name }, 'queued mail failed')
        }
        task = this.#tasks.shift()
      }
    } finally {
      this.#running = null
    }
  }
}

export const mailQueue = new MailQueue()
