/** Leaves the app for an external page (the provider's hosted onboarding form). */
export function redirectTo(url: string) {
  window.location.assign(url)
}
