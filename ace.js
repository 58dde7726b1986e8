/*
 * Ace entry point: registers the TypeScript loader, then boots the console
 * kernel (dynamic import, a static one would run before the loader exists).
 */
import '@poppinss/ts-exec'

await import('./backend/bin/console.js')
