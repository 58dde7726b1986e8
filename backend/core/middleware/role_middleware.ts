import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ForbiddenException } from '#core/exceptions/http_errors'

type Role = 'shipper' | 'carrier' | 'admin'

/**
 * Role gate, after `auth`. A suspended account of any role gets 403 "Account suspended"
 * (docs/decisions/0092, 0210). A carrier must also be approved: an unapproved carrier gets
 * 403 "Account pending approval".
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { roles: Role[] }) {
    const user = ctx.auth.user as
      { role: string; isApproved: boolean; approvalStatus?: string } | undefined
    if (!user || !options.roles.includes(user.role as Role)) {
      throw new ForbiddenException('You do not have access to this resource')
    }
    if (user.approvalStatus === 'suspended') {
      throw new ForbiddenException('Account suspended')
    }
    if (user.role === 'carrier' && !user.isApproved) {
      throw new ForbiddenException('Account pending approval')
    }
    return next()
  }
}
