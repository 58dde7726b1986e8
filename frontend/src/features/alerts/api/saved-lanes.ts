import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

type Schemas = components['schemas']

/** A carrier's saved lane and a shipper's saved capacity search (docs/decisions/0239). */
export type SavedLane = Schemas['SavedLane']
export type SavedLaneInput = Schemas['SavedLaneInput']
export type SavedLaneList = Schemas['SavedLaneList']
export type SavedSearch = Schemas['SavedSearch']
export type SavedSearchInput = Schemas['SavedSearchInput']
export type SavedSearchList = Schemas['SavedSearchList']
export type SavedPlaceInput = Schemas['SavedPlaceInput']
export type SavedPlace = Schemas['SavedPlace']
export type PlaceKind = SavedPlaceInput['kind']

export const savedLanesKey = '/api/saved-lanes'
export const savedSearchesKey = '/api/saved-searches'

/** GET /api/saved-lanes; kept fresh by the `alert` live notice (its alert counts). */
export function useSavedLanes() {
  return useSWR<SavedLaneList>(savedLanesKey, (url: string) => api.get<SavedLaneList>(url))
}

export function useSavedSearches() {
  return useSWR<SavedSearchList>(savedSearchesKey, (url: string) => api.get<SavedSearchList>(url))
}

export const createSavedLane = (input: SavedLaneInput) => api.post<SavedLane>(savedLanesKey, input)
export const updateSavedLane = (id: number, change: Partial<SavedLaneInput>) =>
  api.patch<SavedLane>(`${savedLanesKey}/${id}`, change)
export const deleteSavedLane = (id: number) => api.delete<void>(`${savedLanesKey}/${id}`)

export const createSavedSearch = (input: SavedSearchInput) =>
  api.post<SavedSearch>(savedSearchesKey, input)
export const updateSavedSearch = (id: number, change: Partial<SavedSearchInput>) =>
  api.patch<SavedSearch>(`${savedSearchesKey}/${id}`, change)
export const deleteSavedSearch = (id: number) => api.delete<void>(`${savedSearchesKey}/${id}`)
