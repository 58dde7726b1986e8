/* Reading the live channels (server-sent events) in functional tests. */
import http from 'node:http'
import { baseUrl } from '#tests/helpers'

/**
 * An open event stream read with node:http (fetch's contract check would wait for a stream
 * that never ends): collects each `data:` message until closed. `headers` are the response's,
 * once `ready` (behind nginx, `x-upstream` names the instance holding the stream).
 */
export function openStream(uid: string, cookie = '', base = baseUrl()) {
  const messages: any[] = []
  const headers: http.IncomingHttpHeaders = {}
  let request: http.ClientRequest
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${base}/__transmit/events?uid=${uid}`,
      { headers: cookie ? { cookie } : {} },
      (res) => {
        Object.assign(headers, res.headers)
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
  return { ready, messages, headers, close: () => request.destroy() }
}

export async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for a live update')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
