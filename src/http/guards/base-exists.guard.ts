// Step 3 (404): the token's knowledge base still exists.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { baseGone } from '../../errors/domain-error';

@Injectable()
export class BaseExistsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const access = context.switchToHttp().getRequest<Request>().access;
    if (!access?.base) throw baseGone(access?.baseId ?? '');
    return true;
  }
}
