/*
 * The demo's accounts as people made them: carriers and shippers sign up through the
 * registration service (the sign-up form's checks included) and the admin approves the
 * carriers through the approval service; two carriers are still waiting.
 */
import type { DateTime } from 'luxon'
import encryption from '@adonisjs/core/services/encryption'
import User from '#accounts/models/user'
import { registerValidator } from '#accounts/validators/account'
import { CURRENT_TERMS_VERSION, currentTermsHash } from '#accounts/services/terms_service'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import {
  ADMIN,
  APPROVED_CARRIERS,
  COMPANY_MEMBERS,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_PASSWORD,
  PENDING_CARRIERS,
  SHIPPERS,
  type CarrierSeed,
  type PersonSeed,
} from './people.js'

/** What the sign-up request would have recorded with the terms acceptance. */
const SIGN_UP_REQUEST = { ip: '127.0.0.1', userAgent: 'palletline demo seeder' }

/** When approved carrier `index` signed up: the first a year and two weeks ago. */
export function carrierSignedUpAt(t: Timeline, index: number): DateTime {
  return t.now.minus({ days: 380 - index * 5 })
}

export function planAccounts(t: Timeline, services: DemoServices, state: DemoState) {
  t.at(t.now.minus({ days: 400 }), 'the admin account is provisioned', async () => {
    state.admin = await provisionAdmin(t.clock.now())
    state.addUser(ADMIN.email, state.admin.id)
  })

  for (const [index, carrier] of APPROVED_CARRIERS.entries()) {
    const signedUpAt = carrierSignedUpAt(t, index)
    t.at(signedUpAt, `${carrier.email} signs up`, () =>
      signUp(services, state, carrier, carrier.company)
    )
    t.at(signedUpAt.plus({ hours: 20 }), `the admin approves ${carrier.email}`, () =>
      services.approvals.decide(state.userId(carrier.email), true, state.admin!)
    )
  }

  for (const [index, carrier] of PENDING_CARRIERS.entries()) {
    t.at(pendingSignedUpAt(t, index), `${carrier.email} signs up`, () =>
      signUp(services, state, carrier, carrier.company)
    )
  }

  const shipperSignedUpAt = (index: number) => t.now.minus({ days: 365 - index * 10 })
  for (const [index, shipper] of SHIPPERS.entries()) {
    t.at(shipperSignedUpAt(index), `${shipper.email} signs up`, () =>
      signUp(services, state, shipper)
    )
  }

  // The multi-member companies: the owner invites, the member follows the link (decision 0223).
  for (const member of COMPANY_MEMBERS) {
    const carrierIndex = APPROVED_CARRIERS.findIndex((c) => c.email === member.company)
    const ownerSignedUpAt =
      carrierIndex >= 0
        ? carrierSignedUpAt(t, carrierIndex)
        : shipperSignedUpAt(SHIPPERS.findIndex((s) => s.email === member.company))
    const invitedAt = ownerSignedUpAt.plus({ days: member.joinedAfterDays })
    t.at(invitedAt, `${member.company} invites ${member.email} as ${member.role}`, async () => {
      const owner = state.userId(member.company)
      const { token } = await services.companies.issueInvite(
        { accountUserId: owner, personId: owner },
        member.email,
        member.role
      )
      state.addInvite(member.email, token)
    })
    t.at(invitedAt.plus({ hours: 3 }), `${member.email} accepts the invite`, async () => {
      await services.companies.accept(
        state.invite(member.email),
        { firstName: member.firstName, lastName: member.lastName, password: DEMO_PASSWORD },
        SIGN_UP_REQUEST
      )
      const user = await User.findByOrFail('email', member.email)
      state.addUser(member.email, user.id)
    })
  }
}

/**
 * Stands in for the password while the form is validated: the documented `demo1234` predates
 * the 12-character rule (docs/decisions/0167) and is kept so the README's demo logins work. It
 * is given to the registration service directly, as an account made before the rule.
 */
const FORM_CHECK_PASSWORD = 'demo-form-check-only'

/**
 * The sign-up form, validated as POST /api/register validates it (the password apart, see
 * above); carriers wait for review.
 */
async function signUp(
  services: DemoServices,
  state: DemoState,
  person: PersonSeed,
  company?: CarrierSeed['company']
) {
  const form = await registerValidator.validate({
    email: person.email,
    password: FORM_CHECK_PASSWORD,
    role: company ? 'carrier' : 'shipper',
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone,
    termsAccepted: true,
    ...company,
  })
  const input = { ...form, password: DEMO_PASSWORD }
  const user = await services.registration.register(input, SIGN_UP_REQUEST)
  state.addUser(user.email, user.id)
}

/**
 * Admins are provisioned by the operator, not signed up (the product has no form for them), so
 * the demo's admin is the one account written as a model, with two-factor sign-in on under the
 * documented demo secret.
 */
function provisionAdmin(at: DateTime) {
  return User.create({
    username: ADMIN.email,
    email: ADMIN.email,
    password: DEMO_PASSWORD,
    role: 'admin',
    firstName: ADMIN.firstName,
    lastName: ADMIN.lastName,
    phone: ADMIN.phone,
    isApproved: true,
    approvalStatus: 'approved',
    termsAcceptedAt: at,
    termsVersion: CURRENT_TERMS_VERSION,
    termsHash: currentTermsHash(),
    termsIp: SIGN_UP_REQUEST.ip,
    termsUserAgent: SIGN_UP_REQUEST.userAgent,
    twoFactorSecret: encryption.encrypt(DEMO_ADMIN_TOTP_SECRET),
    twoFactorEnabledAt: at,
  })
}

/** When the pending carriers signed up: 9, 6 and 3 days ago (waiting for the admin since). */
export function pendingSignedUpAt(t: Timeline, index: number) {
  return t.now.minus({ days: 9 - index * 3, hours: 3 })
}
