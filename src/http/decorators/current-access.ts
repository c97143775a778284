// The access the guard chain established, for handlers: @CurrentAccess() access: GrantedAccess.
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Access, AccessBase } from '../../auth/access';
import { requestOf } from '../request-of';

/** Access after every guard passed: the base exists. */
export type GrantedAccess = Access & { base: AccessBase };

export const CurrentAccess = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GrantedAccess => requestOf(context).access as GrantedAccess,
);
