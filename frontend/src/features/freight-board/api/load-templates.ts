import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type {
  FreightListingForm,
  LoadTemplate,
  LoadTemplateList,
} from '@/features/freight-board/api/types'

export const loadTemplatesKey = '/api/load-templates'

/** GET /api/load-templates: the company's templates, by name. */
export function useLoadTemplates() {
  return useSWR<LoadTemplateList>(loadTemplatesKey, () =>
    api.get<LoadTemplateList>(loadTemplatesKey)
  )
}

/** POST /api/load-templates: the form as it is typed, its dates dropped by the server. */
export function saveLoadTemplate(name: string, form: FreightListingForm) {
  return api.post<LoadTemplate>(loadTemplatesKey, { name, form })
}

/** POST /api/freight-listings/:id/template: a posted load as a template. */
export function saveLoadAsTemplate(listingId: number, name: string) {
  return api.post<LoadTemplate>(`/api/freight-listings/${listingId}/template`, { name })
}

export function renameLoadTemplate(id: number, name: string) {
  return api.patch<LoadTemplate>(`${loadTemplatesKey}/${id}`, { name })
}

export function deleteLoadTemplate(id: number) {
  return api.delete<null>(`${loadTemplatesKey}/${id}`)
}
