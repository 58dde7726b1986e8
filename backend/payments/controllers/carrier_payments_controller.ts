import type { HttpContext } from '@adonisjs/core/http'
import { publicOrigin } from '#core/public_origin'
import { inject } from '@adonisjs/core'
import CarrierPaymentsService, {
  PAYMENT_SETUP_PATH,
} from '#payments/services/carrier_payments_service'
import PayoutAccountChangeService from '#payments/services/payout_account_change_service'
import PasswordCheck from '#accounts/services/password_check'
import { signedInPersonId } from '#accounts/services/signed_in_person'
import { replacePayoutAccountValidator } from '#payments/validators/payment'
import { SANDBOX_PAYOUT_DESTINATION } from '#plugins/payments/drivers/sandbox'

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!
  )

/**
 * The sandbox's stand-in for the provider's hosted onboarding form, styled like the app (its
 * colours, type, card and icon; decision 0136's sandbox deployment): one self-contained page, the
 * CSP allowing its inline style, no script. White text sits on the app's button orange
 * (#c2410c, 5.2:1), not the lighter brand orange, which fails WCAG AA contrast.
 */
function sandboxOnboardingPage(accountId: string, action: string, csrfToken: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payout onboarding · PalletLine</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:#fff;border-bottom:1px solid #e2e8f0;padding:.9rem 1.25rem}
.logo{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.15rem;color:#0f172a;text-decoration:none}
.mark{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:.5rem;background:#c2410c;color:#fff;font-size:.8rem}
.line{color:#c2410c}
main{max-width:32rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 2px rgba(15,23,42,.06);padding:1.5rem}
.badge{display:inline-block;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.75rem;font-weight:600;padding:.15rem .6rem}
h1{font-size:1.5rem;line-height:1.3;margin:.75rem 0 .5rem}
p{color:#334155;margin:.5rem 0}
dl{margin:1rem 0;padding:.75rem 1rem;background:#f8fafc;border-radius:.5rem;font-size:.9rem}
dt{color:#64748b}dd{margin:0 0 .5rem;font-weight:600}dd:last-child{margin:0}dd code{word-break:break-all}
button{width:100%;margin-top:1rem;border:0;border-radius:.375rem;background:#c2410c;color:#fff;font:inherit;font-weight:600;padding:.7rem 1rem;cursor:pointer}
button:hover{background:#9a3412}button:focus-visible{outline:2px solid #f97316;outline-offset:2px}
.back{display:inline-block;margin-top:1rem;color:#c2410c;font-weight:500}
</style></head>
<body>
<header><a class="logo" href="/"><span class="mark" aria-hidden="true">PL</span><span>Pallet<span class="line">Line</span></span></a></header>
<main><div class="card">
<span class="badge">Sandbox: no real money moves</span>
<h1>Payout onboarding</h1>
<p>This page stands in for the payment provider's hosted onboarding form. Completing it marks
your payout account as verified with payouts enabled, paying out to the sandbox's test bank.</p>
<dl><dt>Payout account</dt><dd><code>${escapeHtml(accountId)}</code></dd>
<dt>Paid to</dt><dd>${escapeHtml(`${SANDBOX_PAYOUT_DESTINATION.bankName} ending in ${SANDBOX_PAYOUT_DESTINATION.last4}`)}</dd></dl>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="_csrf" value="${escapeHtml(csrfToken)}">
<button type="submit">Complete onboarding</button>
</form>
<a class="back" href="${PAYMENT_SETUP_PATH}">Back to Payment Setup</a>
</div></main>
</body>
</html>`
}

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
    // The password is the person's who signed in (an owner member's own, decision 0223); the
    // account, its email and its payouts are the company's; the hold records who changed it.
    const person = await check.verify(signedInPersonId(auth), currentPassword, request.ip())
    const company = auth.getUserOrFail()
    return changes.replace(company, publicOrigin(request), person.id)
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
    return response
      .header('content-type', 'text/html; charset=utf-8')
      .send(sandboxOnboardingPage(accountId, action, request.csrfToken))
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
