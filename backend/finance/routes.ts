/*
 * Finance routes (docs/architecture.md "Modules"): fuel index, accessorials, detention, advanced
 * invoices and invoice audits. Each part declares its routes in routes/<part>.ts, loaded here.
 */
await import('./routes/charges.js')
await import('./routes/admin.js')
