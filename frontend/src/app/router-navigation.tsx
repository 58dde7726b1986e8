import type * as React from 'react'
import { useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { NavigationProvider, type Navigation } from '@/lib/navigation'

/** React Router's location and navigate for the router-free components (lib/navigation.tsx). */
export function RouterNavigation({ children }: { children: React.ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const navigation = useMemo<Navigation>(
    () => ({ location, navigate: (to, options) => void navigate(to, options) }),
    [location, navigate]
  )
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>
}
