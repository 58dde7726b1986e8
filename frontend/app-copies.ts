/*
 * The signed-in app's own copies of the modules it shares with the public pages (issue 38,
 * docs/decisions/0269-the-app-has-its-own-copies-of-the-public-pages-modules.md).
 *
 * A public page hydrates without the app (src/public-start.tsx) and must stay small, so the
 * modules it shares with the app (cards, inputs, formatting, icons, the layouts) were each in a
 * small chunk of their own: 20 to 25 files on every signed-in screen's first load. In one build a
 * module lives in exactly one chunk; this plugin gives the app world a module of its own for every
 * source module it reaches from src/start.tsx: the same file under another id (`<file>?app`), so
 * the app's chunks can group their modules freely (vite.config.ts) while the public pages keep
 * theirs. The public pages load none of the copies; the app loads none of the public chunks apart
 * from the libraries both need (React DOM, SWR: one copy, one state).
 *
 * The contract's constants (contract/*.ts) are copied too. Not copied, so both worlds share one instance: packages other than the icons, and the source
 * modules whose state must be one per page (`SHARED`): the HTTP client (its `ApiError` class,
 * which the SWR cache handed from a public page to the app carries, and its 401 listeners), the
 * toast store and the live-updates client.
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

export const APP_COPY = '?app'

const src = fileURLToPath(new URL('./src/', import.meta.url))
/** The contract's shared constants (contract/*.ts), imported by the app's source too. */
const contract = fileURLToPath(new URL('../contract/', import.meta.url))
/** Where the app world starts: main.tsx and public-start.tsx import it. */
export const APP_START = `${src}start.tsx`
/** One instance for the whole page (see above). */
export const SHARED = new Set(
  ['lib/api-client.ts', 'components/ui/use-toast.ts', 'lib/live.ts'].map((file) => src + file)
)

const isAppCopy = (id: string) => id.endsWith(APP_COPY)
const fileOf = (id: string) => (isAppCopy(id) ? id.slice(0, -APP_COPY.length) : id)

/** Source modules (scripts only) and the icons are copied; everything else is shared. */
function copied(id: string) {
  if (id.includes('?') || id.includes('\0')) return false
  if (id.startsWith(src) || id.startsWith(contract))
    return /\.(tsx?|mts)$/.test(id) && id !== APP_START && !SHARED.has(id)
  return /\/node_modules\/lucide-react\//.test(id)
}

export function appCopies(): Plugin {
  return {
    name: 'palletline:app-copies',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || (fileOf(importer) !== APP_START && !isAppCopy(importer))) return null
      const resolved = await this.resolve(source, fileOf(importer), { ...options, skipSelf: true })
      if (!resolved || resolved.external || !copied(resolved.id)) return resolved
      return { ...resolved, id: resolved.id + APP_COPY }
    },
  }
}
