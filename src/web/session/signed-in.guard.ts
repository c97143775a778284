// Pages for signed-in users: the session cookie must name a live session, else the visitor is
// sent to sign in (WebErrorFilter) and brought back afterwards.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { SignInRequired } from '../web-errors';
import type { WebRequest } from './web-request';
import { WebSessions } from './web-sessions';

@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: WebSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WebRequest>();
    const user = await this.sessions.read(request);
    if (!user) throw new SignInRequired();
    request.signedIn = user;
    return true;
  }
}
