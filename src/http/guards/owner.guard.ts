// Step 4 (403): only the owner of the knowledge base uses the API, checked at request time.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { requestOf } from '../request-of';
import { ownerOnly } from './access-rules';

@Injectable()
export class OwnerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    ownerOnly(requestOf(context).access);
    return true;
  }
}
