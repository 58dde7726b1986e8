import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element in index.html')

// The public pages arrive prerendered (frontend/prerender.ts) and are hydrated on their own,
// without the router (public-start.tsx); every other route gets the empty shell, index.html,
// and the full app (start.tsx) renders it from scratch.
const prerendered = root.firstElementChild !== null
const start = () =>
  prerendered
    ? import('@/public-start').then((page) => page.startPublicPage(root))
    : import('@/start').then((app) => app.start(root))

/** Once the page has painted; hidden tabs get no animation frames, hence the timeout. */
function afterFirstPaint(callback: () => void) {
  let called = false
  const once = () => {
    if (called) return
    called = true
    callback()
  }
  requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, 250)
}

// A prerendered page's text needs no JavaScript to show: fetch its code once it has painted, so
// it never competes with the page's HTML and CSS. The shell preloads the app instead.
if (prerendered) afterFirstPaint(() => void start())
else void start()
