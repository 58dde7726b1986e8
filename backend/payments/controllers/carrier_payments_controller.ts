import type { HttpContext } from '@adonisjs/core/http'
import { publicOrigin } from '#core/public_origin'
import { inject } from '@adonisjs/core'
import CarrierPaymentsService, {
  PAYMENT_SETUP_PATH,
} from '#payments/services/carrier_payments_service'
import PayoutAccountChangeService from '#payments/services/payout_account_change_service'
import PasswordCheck from '#accounts/services/password_check'
import { replacePayoutAccountValidator } from '#payments/validators/payment'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
  )

/**
 * The carrier's payout account and payout history, always the signed-in carrier's own; the
 * sandbox onboarding routes name an account, and PayoutAccountPolicy checks it is theirs.
 */
@inject()
export default class CarrierPaymentsController {
  constructor(private service: CarrierPaymentsService) {}

  /** GET /api/carrier/stripe-status */
  async status({ auth }: HttpContext) {
    return this.service.status(auth.getUserOrFail().id)
  }

  /** POST /api/carrier/stripe-onboard (no body) */
  async onboard({ auth, request }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.service.onboard(user.id, user.email, publicOrigin(request))
  }

  /**
   * POST /api/carrier/payout-account/replace: a new payout account (with the password); the
   * carrier's payouts are held and the email on file is told (docs/decisions/0098).
   */
  @inject()
  async replaceAccount(
    { auth, request }: HttpContext,
    check: PasswordCheck,
    changes: PayoutAccountChangeService
  ) {
    const { currentPassword } = await request.validateUsing(replacePayoutAccountValidator)
    const user = await check.verify(auth.getUserOrFail().id, currentPassword, request.ip())
    return changes.replace(user, publicOrigin(request))
  }

  /** GET /api/carrier/payout-hold */
  @inject()
  async hold({ auth }: HttpContext, changes: PayoutAccountChangeService) {
    return { hold: await changes.currentHold(auth.getUserOrFail().id) }
  }

  /** GET /api/carrier/payouts */
  async payouts({ auth }: HttpContext) {
    return this.service.payouts(auth.getUserOrFail().id)
  }

  /**
   * GET /sandbox/onboarding/:accountId: the sandbox's stand-in for the provider's hosted
   * onboarding form, for the carrier owning the account only. A plain form (the CSP allows no
   * inline script) posting to the completion endpoint below.
   */
  async sandboxPage({ params, request, response }: HttpContext) {
    const accountId = String(params.accountId)
    await this.service.assertSandboxOnboarding()
    const action = `/api/sandbox/onboarding/${encodeURIComponent(accountId)}/complete`
    return response.header('content-type', 'text/html; charset=utf-8').send(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payout onboarding</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a">
<h1 style="font-size: 1.5rem">Sandbox payout onboarding</h1>
<p>This page stands in for the payment provider's hosted onboarding form. Completing it marks
the payout account <code>${escapeHtml(accountId)}</code> as verified with payouts enabled.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="_csrf" value="${escapeHtml(request.csrfToken)}">
<button type="submit" style="padding: 0.6rem 1.2rem; font-size: 1rem; cursor: pointer">Complete onboarding</button>
</form>
<p><a href="${PAYMENT_SETUP_PATH}">Back to Payment Setup</a></p>
</body>
</html>`)
  }

  /**
   * POST /api/sandbox/onboarding/:accountId/complete: JSON status for API calls; the sandbox
   * page's form submission goes back to the Payment Setup section instead.
   */
  async completeSandbox({ auth, params, request, response }: HttpContext) {
    const status = await this.service.completeSandboxOnboarding(
      auth.getUserOrFail().id,
      String(params.accountId)
    )
    if (request.is(['application/x-www-form-urlencoded'])) {
      return response.redirect().status(303).toPath(PAYMENT_SETUP_PATH)
    }
    return status
  }
}
