import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type CarrierInvoice = {
  id: number
  invoiceNumber: string
  bookingId: number
  bookingReference: string
  amount: number
  status: 'paid' | 'pending' | (string & {})
  /** `YYYY-MM-DD`: the issue date plus the terms, never before it */
  dueDate: string | null
  /** `YYYY-MM-DD`: the business day (America/New_York) it was issued */
  issueDate: string
  createdAt: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
}

export const carrierInvoicesKey = '/api/carrier/invoices'

/** GET /api/carrier/invoices: one invoice per delivered booking of the carrier. */
export function getCarrierInvoices(): Promise<CarrierInvoice[]> {
  return api.get<CarrierInvoice[]>(carrierInvoicesKey)
}

export function useCarrierInvoices() {
  return useSWR<CarrierInvoice[]>(carrierInvoicesKey, getCarrierInvoices)
}
