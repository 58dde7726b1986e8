import { describe, expect, it } from 'vitest'
import { placeDraft, placeInput, sideErrors } from '@/features/alerts/components/place-fields'

describe('saved lane places', () => {
  it('edits a stored side as it was saved, and sends it back the same', () => {
    const stored = {
      kind: 'radius' as const,
      zip3: null,
      state: null,
      near: 'Chicago, IL',
      radius_miles: 75,
      label: 'Within 75 mi of Chicago, IL',
    }
    const draft = placeDraft(stored)
    expect(draft).toEqual({
      kind: 'radius',
      zip3: '',
      state: '',
      near: 'Chicago, IL',
      radius: '75',
    })
    expect(placeInput(draft)).toEqual({ kind: 'radius', near: 'Chicago, IL', radius_miles: 75 })
    expect(
      placeDraft({ ...stored, kind: 'state', state: 'MI', near: null, radius_miles: null })
    ).toEqual({
      kind: 'state',
      zip3: '',
      state: 'MI',
      near: '',
      radius: '50',
    })
  })

  it('sends only the fields of the chosen kind', () => {
    const draft = { zip3: ' 606 ', state: 'IL', near: ' Chicago, IL ', radius: '75' }
    expect(placeInput({ ...draft, kind: 'zip3' })).toEqual({ kind: 'zip3', zip3: '606' })
    expect(placeInput({ ...draft, kind: 'state' })).toEqual({ kind: 'state', state: 'IL' })
    expect(placeInput({ ...draft, kind: 'radius' })).toEqual({
      kind: 'radius',
      near: 'Chicago, IL',
      radius_miles: 75,
    })
    expect(placeInput({ ...draft, kind: 'radius', near: ' ', radius: '' })).toEqual({
      kind: 'radius',
      near: null,
      radius_miles: null,
    })
  })

  it("puts the server's errors on each side's own fields", () => {
    const errors = {
      'origin.zip3': 'Enter the first three digits of a ZIP code',
      'destination.near': 'Atlantis is not an address we can place',
      'destination': 'The destination field must be defined',
      'equipment': 'Choose an equipment',
    }
    expect(sideErrors(errors, 'origin')).toEqual({
      zip3: 'Enter the first three digits of a ZIP code',
    })
    expect(sideErrors(errors, 'destination')).toEqual({
      near: 'Atlantis is not an address we can place',
      kind: 'The destination field must be defined',
    })
  })
})
