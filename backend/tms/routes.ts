/*
 * TMS routes, one file per part: quotes (rate comparison and partner booking).
 */
await import('#tms/routes/quotes')
