import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type ShipperInvoice = {
  id: number
  invoiceNumber: string
  bookingId: number
  bookingReference: string
  amount: number
  status: string
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

export const shipperInvoicesKey = '/api/shipper/invoices'

/** GET /api/shipper/invoices: invoices of the signed-in shipper's bookings. */
export function getShipperInvoices(): Promise<ShipperInvoice[]> {
  return api.get<ShipperInvoice[]>(shipperInvoicesKey)
}

export function useShipperInvoices() {
  return useSWR<ShipperInvoice[]>(shipperInvoicesKey, getShipperInvoices)
}
