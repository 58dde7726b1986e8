import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element in index.html')

// The public pages arrive prerendered (frontend/prerender.ts) and are hydrated; every other
// route gets the empty shell, index.html, and is rendered from scratch.
const prerendered = root.firstElementChild !== null
const start = () => import('@/start').then((app) => app.start(root, prerendered))

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

// A prerendered page's text needs no JavaScript to show: fetch the app once it has painted, so
// its code never competes with the page's HTML and CSS. The shell preloads the app instead.
if (prerendered) afterFirstPaint(() => void start())
else void start()
