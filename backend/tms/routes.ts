/* TMS routes, one file per area (loaded by backend/start/routes.ts). */
await import('#tms/routes/quotes')
await import('#tms/routes/documents')
await import('#tms/routes/tracking')
await import('#tms/routes/stop_events')
