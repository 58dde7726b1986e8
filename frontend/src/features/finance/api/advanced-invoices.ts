import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type AdvancedInvoice = components['schemas']['AdvancedInvoice']
export type InvoiceList = components['schemas']['AdvancedInvoiceList']
export type InvoiceDecision = components['schemas']['InvoiceDecisionInput']

export const bookingInvoicesKey = (bookingId: number) =>
  `/api/bookings/${bookingId}/advanced-invoices`
export const drayageInvoicesKey = (moveId: number) => `/api/drayage/moves/${moveId}/invoices`
export const MY_INVOICES_KEY = '/api/advanced-invoices'
export const FLAGGED_INVOICES_KEY = '/api/admin/finance/invoices/flagged'

/** GET /api/bookings/{id}/advanced-invoices (`null` until a booking is chosen). */
export function useBookingInvoices(bookingId: number | null) {
  return useSWR<InvoiceList>(
    bookingId == null ? null : bookingInvoicesKey(bookingId),
    (key: string) => api.get<InvoiceList>(key)
  )
}

/** GET /api/drayage/moves/{id}/invoices */
export function useDrayageInvoices(moveId: number) {
  return useSWR<InvoiceList>(drayageInvoicesKey(moveId), (key: string) => api.get<InvoiceList>(key))
}

/** GET /api/advanced-invoices: the shipper's bills or the carrier's invoices. */
export function useMyInvoices() {
  return useSWR<InvoiceList>(MY_INVOICES_KEY, (key: string) => api.get<InvoiceList>(key))
}

/** GET /api/admin/finance/invoices/flagged */
export function useFlaggedInvoices() {
  return useSWR<InvoiceList>(FLAGGED_INVOICES_KEY, (key: string) => api.get<InvoiceList>(key))
}

/** Invoice actions; each revalidates the lists the invoice appears in (its booking's or move's). */
export function useInvoiceActions(bookingId?: number | null, drayageMoveId?: number | null) {
  const { mutate } = useSWRConfig()
  const refresh = async () => {
    await Promise.all([
      bookingId == null ? null : mutate(bookingInvoicesKey(bookingId)),
      drayageMoveId == null ? null : mutate(drayageInvoicesKey(drayageMoveId)),
      mutate(MY_INVOICES_KEY),
      mutate(FLAGGED_INVOICES_KEY),
    ])
  }
  const run = async (call: Promise<AdvancedInvoice>) => {
    const invoice = await call
    await refresh()
    return invoice
  }
  return {
    draft: (id: number) => run(api.post<AdvancedInvoice>(bookingInvoicesKey(id))),
    draftDrayage: (moveId: number) => run(api.post<AdvancedInvoice>(drayageInvoicesKey(moveId))),
    issue: (invoiceId: number) => run(api.post(`/api/advanced-invoices/${invoiceId}/issue`)),
    voidDraft: (invoiceId: number) => run(api.post(`/api/advanced-invoices/${invoiceId}/void`)),
    decide: (invoiceId: number, input: InvoiceDecision) =>
      run(api.post(`/api/advanced-invoices/${invoiceId}/decision`, input)),
    pay: (invoiceId: number) => run(api.post(`/api/admin/finance/invoices/${invoiceId}/pay`)),
    adminVoid: (invoiceId: number) =>
      run(api.post(`/api/admin/finance/invoices/${invoiceId}/void`)),
  }
}
