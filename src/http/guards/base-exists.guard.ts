// Step 3 (404): the token's knowledge base still exists.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { requestOf } from '../request-of';
import { existingBase } from './access-rules';

@Injectable()
export class BaseExistsGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    existingBase(requestOf(context).access);
    return true;
  }
}
