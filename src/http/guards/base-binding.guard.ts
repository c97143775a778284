// Step 2 (403): the token is bound to the knowledge base of the path.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { forbidden } from '../../errors/domain-error';
import { requestOf } from '../request-of';

@Injectable()
export class BaseBindingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    const baseId = request.params.base_id;
    if (typeof baseId !== 'string' || request.access?.baseId !== baseId) {
      throw forbidden(`This token is bound to another knowledge base and cannot reach "${String(baseId ?? '')}".`);
    }
    return true;
  }
}
