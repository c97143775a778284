// The access the guard chain established, for handlers: @CurrentAccess() access: GrantedAccess.
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Access, AccessBase } from '../../auth/access';

/** Access after every guard passed: the base exists. */
export type GrantedAccess = Access & { base: AccessBase };

export const CurrentAccess = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GrantedAccess => context.switchToHttp().getRequest<Request>().access as GrantedAccess,
);
