/*
 * Marketplace routes: carrier-side booking work (status updates, carrier lists, invoices,
 * dashboard) and shipper-side work (search, booking, completion, metrics).
 */
await import('#marketplace/routes/carrier')
await import('#marketplace/routes/shipper')
