import type { Equipment, ServiceMode } from '@/features/freight-board/api/types'

// Apart from the post-load form's rules: the featured board on /overview shows these labels in
// the page's first JavaScript, which need not carry the form.

export const EQUIPMENT_LABELS: Record<Equipment, string> = {
  VAN: 'Van',
  REEFER: 'Reefer',
  FLATBED: 'Flatbed',
  BOX: 'Box Truck',
  SPRINTER: 'Sprinter',
}

export const MODE_LABELS: Record<ServiceMode, string> = {
  TL: 'Truckload',
  LTL: 'LTL',
  EXP: 'Expedited',
}
