import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'
import { ACCESSORIALS_KEY, type Accessorial } from '@/features/finance/api/booking-charges'

export type FuelIndex = components['schemas']['FuelIndex']
export type FuelWeek = components['schemas']['FuelWeek']
export type FuelCsvImport = components['schemas']['FuelCsvImport']
export type SurchargeTableInput = components['schemas']['SurchargeTableInput']

export const FUEL_INDEX_KEY = '/api/admin/finance/fuel-index'

/** GET /api/admin/finance/fuel-index: two years of weeks and every surcharge table version. */
export function useFuelIndex() {
  return useSWR<FuelIndex>(FUEL_INDEX_KEY, (key: string) => api.get<FuelIndex>(key))
}

/** The admin's edits of the fuel index, the surcharge table and the price list. */
export function useFinanceAdminActions() {
  const { mutate } = useSWRConfig()
  const fuel = () => mutate(FUEL_INDEX_KEY)
  const list = () => mutate(ACCESSORIALS_KEY)
  return {
    recordWeek: async (input: { indexDate: string; dieselPrice: number }) => {
      const week = await api.post<FuelWeek>(FUEL_INDEX_KEY, input)
      await fuel()
      return week
    },
    importCsv: async (csv: string) => {
      const result = await api.post<FuelCsvImport>(`${FUEL_INDEX_KEY}/import`, { csv })
      await fuel()
      return result
    },
    addTable: async (input: SurchargeTableInput) => {
      await api.post('/api/admin/finance/fuel-surcharge-tables', input)
      await fuel()
    },
    createAccessorial: async (input: Accessorial) => {
      await api.post<Accessorial>('/api/admin/finance/accessorials', input)
      await list()
    },
    updateAccessorial: async (code: string, input: Omit<Accessorial, 'code'>) => {
      await api.put<Accessorial>(
        `/api/admin/finance/accessorials/${encodeURIComponent(code)}`,
        input
      )
      await list()
    },
  }
}
