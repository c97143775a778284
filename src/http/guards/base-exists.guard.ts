// Step 3 (404): the token's knowledge base still exists.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { baseGone } from '../../errors/domain-error';
import { requestOf } from '../request-of';

@Injectable()
export class BaseExistsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const access = requestOf(context).access;
    if (!access?.base) throw baseGone(access?.baseId ?? '');
    return true;
  }
}
