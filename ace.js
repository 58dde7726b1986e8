/*
 * Ace entry point: registers the TypeScript loader, then boots the console
 * kernel (dynamic import, a static one would run before the loader exists).
 */
import 'ts-node-maintained/register/esm'

await import('./backend/bin/console.js')
