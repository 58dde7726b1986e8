/*
 * Logistics routes (docs/architecture.md "Modules"): drayage moves, terminals and appointments, and
 * expedited jobs, and the driver's work. Each part declares its routes in routes/<part>.ts, loaded here.
 */
await import('./routes/drayage.js')
await import('./routes/expedited.js')
await import('./routes/driver.js')
