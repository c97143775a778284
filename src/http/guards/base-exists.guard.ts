// Step 3 (404): the token's knowledge base still exists.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { notFound } from '../../errors/domain-error';

@Injectable()
export class BaseExistsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const access = context.switchToHttp().getRequest<Request>().access;
    if (!access?.base) throw notFound(`The knowledge base "${access?.baseId ?? ''}" no longer exists.`);
    return true;
  }
}
