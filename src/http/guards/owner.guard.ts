// Step 4 (403): only the owner of the knowledge base uses the API, checked at request time.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { forbidden } from '../../errors/domain-error';
import { requestOf } from '../request-of';

@Injectable()
export class OwnerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (requestOf(context).access?.role !== 'owner') {
      throw forbidden("Only the owner of this knowledge base may use the API; the token's user is not its owner.");
    }
    return true;
  }
}
