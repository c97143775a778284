// Pages anyone may open (the list of bases, a public base): the session cookie, when it names a
// live session, makes the visitor signed in; without one they read as an anonymous visitor.
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Visitor } from '../../reading/reading.service';
import type { WebRequest } from '../session/web-request';
import { WebSessions } from '../session/web-sessions';

@Injectable()
export class VisitorGuard implements CanActivate {
  constructor(private readonly sessions: WebSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<WebRequest>();
    const user = await this.sessions.read(request);
    if (user) request.signedIn = user;
    return true;
  }
}

/** Who reads, as ReadingService takes it. */
export function visitorOf(request: WebRequest): Visitor {
  return request.signedIn ? { userId: request.signedIn.userId } : null;
}
