/*
 * PalletLine's service worker: web push only (docs/decisions/0253). It is registered when a
 * user turns push on in Settings (after a click, which asks the browser's permission), caches
 * nothing and handles no fetch. A push carries one notification of the centre: its title, body
 * and a path inside the app, which a click opens.
 */
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { title: event.data ? event.data.text() : '' }
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'PalletLine'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: data.id ? `notification-${data.id}` : undefined,
      icon: '/favicon.svg',
      data: { link: typeof data.link === 'string' ? data.link : '/notifications' },
    })
  )
})

/** A path inside the app, never another host (the server sends only these). */
function appUrl(link) {
  const path =
    typeof link === 'string' && link.startsWith('/') && !link.startsWith('//')
      ? link
      : '/notifications'
  return new URL(path, self.location.origin).href
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = appUrl(event.notification.data && event.notification.data.link)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url.startsWith(self.location.origin) && 'focus' in client) {
          return client.focus().then((focused) => focused.navigate(url))
        }
      }
      return self.clients.openWindow(url)
    })
  )
})
