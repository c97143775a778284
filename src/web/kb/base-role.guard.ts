// Pages that act on a knowledge base as one of its members (writing, trash, members, settings):
// after SignedInGuard, the signed-in user's role in the path's base must be at least the route's
// (@NeedsBaseRole), checked on every request; the role rides on the request for the page.
import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MembersService } from '../../auth/members.service';
import { notFound } from '../../errors/domain-error';
import type { Role } from '../../vocabulary';
import type { WebRequest } from '../session/web-request';
import { NotThisRole } from '../web-errors';

const NEEDED_ROLE = 'kb:needed-base-role';

/** Writers and owners write pages; owners alone manage the base. */
export type NeededRole = 'writer' | 'owner';

export const NeedsBaseRole = (role: NeededRole) => SetMetadata(NEEDED_ROLE, role);

const rank: Record<Role, number> = { reader: 0, writer: 1, owner: 2 };

export interface BaseRequest extends WebRequest {
  baseRole?: Role;
}

@Injectable()
export class BaseRoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly members: MembersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const needed = this.reflector.getAllAndOverride<NeededRole | undefined>(NEEDED_ROLE, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<BaseRequest>();
    const baseId = request.params.baseId;
    if (!needed || typeof baseId !== 'string' || !request.signedIn) throw new Error('BaseRoleGuard needs @NeedsBaseRole, a :baseId and SignedInGuard before it');
    const role = await this.members.roleOf(baseId, request.signedIn.userId);
    // Not a member: the base may as well not exist for this user.
    if (!role) throw notFound('No such knowledge base.');
    if (rank[role] < rank[needed]) throw new NotThisRole(needed);
    request.baseRole = role;
    return true;
  }
}
