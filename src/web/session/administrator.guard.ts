// Pages for instance administrators; runs after SignedInGuard.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AdministratorsOnly } from '../web-errors';
import type { WebRequest } from './web-request';

@Injectable()
export class AdministratorGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<WebRequest>().signedIn?.isAdmin) throw new AdministratorsOnly();
    return true;
  }
}
