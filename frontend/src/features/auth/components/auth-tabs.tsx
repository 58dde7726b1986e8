import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Link } from '@/components/ui/link'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { usePageSearchParams } from '@/lib/navigation'
import { isSignedOutReason, SIGNED_OUT_MESSAGES } from '@/lib/session-end'
import { SignInForm } from '@/features/auth/components/sign-in-form'

// The Sign Up form (its validation, carrier fields, state list and terms) loads when its tab is
// first shown or pointed at, not with the Sign In most visitors come for: /auth's first
// JavaScript stays under its 100 kB (issue 34; decision 0219).
const loadSignUpForm = () => import('@/features/auth/components/sign-up-form')
const SignUpForm = React.lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })))
const preloadSignUpForm = () => void loadSignUpForm().catch(() => undefined)

type Tab = 'signin' | 'signup'

/**
 * /auth: Sign In and Sign Up on one page; `?tab=signup` opens the second tab. `?reason=` says
 * why a browser that was signed in is not any more (the route guards add it, decision 0167).
 */
export function AuthTabs() {
  const [params, setParams] = usePageSearchParams()
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin'
  const reason = params.get('reason')

  return (
    <Tabs
      value={tab}
      onValueChange={(next) => {
        const updated = new URLSearchParams(params)
        if (next === 'signup') updated.set('tab', 'signup')
        else updated.delete('tab')
        setParams(updated, { replace: true })
      }}
    >
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value="signin">Sign In</TabsTrigger>
        <TabsTrigger value="signup" onPointerEnter={preloadSignUpForm} onFocus={preloadSignUpForm}>
          Sign Up
        </TabsTrigger>
      </TabsList>
      <TabsContent value="signin">
        {isSignedOutReason(reason) ? (
          <Alert variant="info" title="Signed out" className="mb-4">
            {SIGNED_OUT_MESSAGES[reason]}
          </Alert>
        ) : null}
        <SignInForm idPrefix="signin-" />
        <p className="mt-4 text-center text-sm text-slate-600">
          Need help?{' '}
          <Link to={paths.contact.getHref()} className="font-medium text-brand-700 hover:underline">
            Contact support
          </Link>
        </p>
      </TabsContent>
      <TabsContent value="signup">
        <React.Suspense
          fallback={
            <div className="flex min-h-[24rem] items-center justify-center">
              <Spinner label="Loading the sign-up form" />
            </div>
          }
        >
          <SignUpForm />
        </React.Suspense>
      </TabsContent>
    </Tabs>
  )
}
