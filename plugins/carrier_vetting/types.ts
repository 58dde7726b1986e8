/**
 * The carrier vetting contract: look a motor carrier up by its USDOT number in the FMCSA
 * census and answer its record in one shape, whichever source holds it (a census file in the
 * repository or the QCMobile API). Dates are `YYYY-MM-DD`; money is integer cents. Failures come
 * back as a typed `VettingSourceError`, never as a thrown transport error; nothing here knows the
 * database or decides whether a carrier passes (the trust module's checks do).
 */

/** A carrier's census record, as far as vetting reads it. */
export type CensusRecord = {
  /** the USDOT number, digits only */
  dotNumber: string
  legalName: string
  /** the USDOT registration: `A` active, `I` inactive in FMCSA's statusCode */
  operatingStatus: 'active' | 'inactive' | 'unknown'
  /** FMCSA's allowedToOperate: registered and not barred from interstate operation */
  allowedToOperate: boolean
  /** common (for-hire) operating authority: `A`, `I` or `N` in FMCSA's commonAuthorityStatus */
  authorityStatus: 'active' | 'inactive' | 'none'
  /** when that authority was granted; null when the source does not say */
  authorityGrantedOn: string | null
  /** the date of an out-of-service order in force; null when there is none */
  outOfServiceOn: string | null
  /** bodily injury and property damage (BIPD) liability cover on file; null when not reported */
  liabilityInsuranceOnFileCents: number | null
  /** the BIPD cover FMCSA requires of this carrier; null when not reported */
  liabilityInsuranceRequiredCents: number | null
  /** the last MCS-150 (biennial registration update); null when the source does not say */
  mcs150Date: string | null
  /** FMCSA's own mcs150Outdated flag; null when not reported */
  mcs150Outdated: boolean | null
  /** the phone on the census, as written there; null when not on file */
  phone: string | null
  /** the e-mail on the census; null when not on file */
  email: string | null
}

export type VettingSourceErrorCode =
  /** the source did not answer, or answered with a server error; retry later */
  | 'unavailable'
  /** the web key is missing or refused */
  | 'unauthorized'
  /** the asked number is not a USDOT number (1-8 digits); nothing was sent */
  | 'invalid_dot'

export type VettingSourceError = {
  ok: false
  code: VettingSourceErrorCode
  message: string
}

export type LookupResult =
  | { ok: true; found: true; record: CensusRecord }
  | { ok: true; found: false; dotNumber: string }
  | VettingSourceError

export interface CarrierVettingDriver {
  /** the driver's name, recorded with every vetting it answers */
  readonly name: string
  lookup(dotNumber: string): Promise<LookupResult>
}
