import * as React from 'react'

/**
 * True when the page arrived as prerendered HTML (frontend/prerender.ts) and is being hydrated,
 * or is being prerendered. The HTML shows a visitor's view, so while the current user loads the
 * public gates show that view too, instead of a spinner, and hydration finds the same markup.
 * A signed-in user is then sent on as before, once GET /api/user answers.
 */
export const PrerenderedPageContext = React.createContext(false)

export function usePrerenderedPage() {
  return React.useContext(PrerenderedPageContext)
}
