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

/**
 * Once the page has painted. The first animation frame waits for the stylesheet, however long
 * it takes to arrive: a timer would start the code before the text paints on a slow link. A tab
 * hidden before it painted gets no animation frames, so it starts when hidden (a backstop timer
 * covers a browser that stops frames for any other reason).
 */
function afterFirstPaint(callback: () => void) {
  let called = false
  const once = () => {
    if (called) return
    called = true
    document.removeEventListener('visibilitychange', onHidden)
    callback()
  }
  const onHidden = () => {
    if (document.visibilityState === 'hidden') once()
  }
  if (document.visibilityState === 'hidden') return once()
  document.addEventListener('visibilitychange', onHidden)
  requestAnimationFrame(() => setTimeout(once, 0))
  setTimeout(once, 5000)
}

// A prerendered page's text needs no JavaScript to show: fetch its code once it has painted, so
// it never competes with the page's HTML and CSS. The shell preloads the app instead.
if (prerendered) afterFirstPaint(() => void start())
else void start()
