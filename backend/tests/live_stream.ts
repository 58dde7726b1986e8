/* Reading the live channels (server-sent events) in functional tests. */
import http from 'node:http'
import { baseUrl } from '#tests/helpers'

/**
 * An open event stream read with node:http (fetch's contract check would wait for a stream
 * that never ends): collects each `data:` message until closed.
 */
export function openStream(uid: string, cookie = '') {
  const messages: any[] = []
  let request: http.ClientRequest
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${baseUrl()}/__transmit/events?uid=${uid}`,
      { headers: cookie ? { cookie } : {} },
      (res) => {
        res.setEncoding('utf8')
        let buffer = ''
        res.on('data', (chunk: string) => {
          buffer += chunk
          let end
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            for (const line of block.split('\n')) {
              if (!line.startsWith('data: ')) continue
              const message = JSON.parse(line.slice(6))
              // Transmit's keep-alive (every 25 s on every stream) is not an update.
              if (message?.channel !== '$$transmit/ping') messages.push(message)
            }
          }
        })
        resolve()
      }
    )
    request.on('error', reject)
  })
  return { ready, messages, close: () => request.destroy() }
}

export async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for a live update')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
