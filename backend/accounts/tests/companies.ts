/*
 * Companies for tests (docs/decisions/0223): `makeUser` makes a user in no company, as the
 * factories always did; these give an account user its company and add members to it.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import Company from '#accounts/models/company'
import CompanyMember from '#accounts/models/company_member'
import type { MemberRole } from '#accounts/member_roles'
import { companyNameFor } from '#accounts/services/company_service'
import { makeUser } from '#tests/helpers'

let counter = 0

/** The account user's company, made with the account user as its owner when it has none. */
export async function companyFor(account: User): Promise<Company> {
  const found = await Company.findBy('accountUserId', account.id)
  if (found) return found
  const carrier = await db.from('carriers').where('user_id', account.id).first()
  const company = await Company.create({
    kind: account.role as 'shipper' | 'carrier',
    name: carrier?.company_name ?? companyNameFor(account),
    accountUserId: account.id,
  })
  await CompanyMember.create({
    companyId: company.id,
    userId: account.id,
    role: 'owner',
    invitedBy: null,
    joinedAt: DateTime.now(),
  })
  return company
}

/**
 * A member's login in the account user's company (password `secret123`), approved as the
 * company is; `memberId` is its membership's id.
 */
export async function makeMember(
  account: User,
  role: MemberRole,
  overrides: Partial<{ email: string; firstName: string }> = {}
) {
  const company = await companyFor(account)
  counter += 1
  const email = overrides.email ?? `${role}${counter}-${Date.now()}@members.test`
  const user = await User.create({
    username: email,
    email,
    password: 'secret123',
    role: account.role,
    firstName: overrides.firstName ?? role.charAt(0).toUpperCase() + role.slice(1),
    lastName: 'Member',
    phone: null,
    isApproved: account.isApproved,
    approvalStatus: account.approvalStatus,
    termsAcceptedAt: DateTime.now(),
    termsVersion: '2025-01-15',
  })
  const member = await CompanyMember.create({
    companyId: company.id,
    userId: user.id,
    role,
    invitedBy: account.id,
    joinedAt: DateTime.now(),
  })
  return Object.assign(user, { memberId: member.id, companyId: company.id })
}

/**
 * A carrier company of an approved owner and its dispatcher Rosa, driver Tom and accounts
 * member Grace (password `secret123` each; `tag` keeps the emails apart between tests).
 */
export async function makeCarrierTeam(tag: string | number) {
  const owner = await makeUser('carrier', {
    isApproved: true,
    email: `owner${tag}@carriers.test`,
    password: 'secret123',
  })
  await companyFor(owner)
  const dispatcher = await makeMember(owner, 'dispatcher', {
    email: `rosa${tag}@carriers.test`,
    firstName: 'Rosa',
  })
  const driver = await makeMember(owner, 'driver', {
    email: `tom${tag}@carriers.test`,
    firstName: 'Tom',
  })
  const accounts = await makeMember(owner, 'accounts', {
    email: `grace${tag}@carriers.test`,
    firstName: 'Grace',
  })
  return { owner, dispatcher, driver, accounts }
}
