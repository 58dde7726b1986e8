import { api } from '@/lib/api-client'
import type { DrayageAppointment } from '@/features/drayage/api/get-drayage-moves'
import type { RequestOf } from '@/types/api-contract'

export type AppointmentInput = RequestOf<'/api/drayage/moves/{id}/appointments', 'post'>
export type AppointmentStatusInput = RequestOf<'/api/drayage/appointments/{id}/status', 'post'>

/** POST /api/drayage/moves/:id/appointments: 201 the requested window; 409/422 explained. */
export function requestAppointment(
  moveId: number,
  input: AppointmentInput
): Promise<DrayageAppointment> {
  return api.post<DrayageAppointment>(`/api/drayage/moves/${moveId}/appointments`, input)
}

/** POST /api/drayage/appointments/:id/status: confirmed, completed, missed or cancelled. */
export function updateAppointment(
  id: number,
  input: AppointmentStatusInput
): Promise<DrayageAppointment> {
  return api.post<DrayageAppointment>(`/api/drayage/appointments/${id}/status`, input)
}
