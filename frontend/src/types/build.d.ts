/** The year the frontend was built (vite.config.ts `define`): the prerendered pages' year. */
declare const __BUILD_YEAR__: number
