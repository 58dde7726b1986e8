/* TMS routes, one file per part of the TMS screen. */
await import('#tms/routes/tracking')
