import type { CompanyAddressInput } from '@/features/carrier/api/update-carrier-profile'

export type AddressField = keyof CompanyAddressInput
export type AddressErrors = Partial<Record<AddressField, string>>

/** The server's rules for the company address (registration's), checked before sending. */
export function validateCompanyAddress(values: CompanyAddressInput): AddressErrors {
  const errors: AddressErrors = {}
  if (!values.businessAddress.trim()) errors.businessAddress = 'Business address is required'
  else if (values.businessAddress.trim().length > 255) {
    errors.businessAddress = 'Business address must be at most 255 characters'
  }
  if (!values.city.trim()) errors.city = 'City is required'
  else if (values.city.trim().length > 100) errors.city = 'City must be at most 100 characters'
  if (!/^[A-Z]{2}$/.test(values.state)) errors.state = 'State must be a two-letter US state code'
  if (!/^\d{5}(-\d{4})?$/.test(values.zipCode.trim()))
    errors.zipCode = 'ZIP code must have 5 digits'
  return errors
}
