// Step 2 (403): the token is bound to the knowledge base of the path.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { requestOf } from '../request-of';
import { bindsBase } from './access-rules';

@Injectable()
export class BaseBindingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = requestOf(context);
    bindsBase(request.access, request.params.base_id);
    return true;
  }
}
