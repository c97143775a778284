// Authorizes a request again, afresh, when the read that answers it finds that the access it was
// authorized on from memory no longer holds (KeptAccessChanged), then runs the handler once more.
// A request on a kept access that fails otherwise (a bad parameter, say) is authorized afresh too
// before its error goes out: a token revoked meanwhile answers as a fresh read would, first
// failure wins (decisions, "Order of checks"). The second authorization reads the access: it
// needs no confirmation and cannot loop.
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, mergeMap, throwError, type Observable } from 'rxjs';
import { KeptAccessChanged } from '../auth/access';
import { AccessChainGuard } from './guards/access-chain.guard';

@Injectable()
export class KeptAccessInterceptor implements NestInterceptor {
  constructor(private readonly accessChain: AccessChainGuard) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => {
      const request = context.switchToHttp().getRequest<Request>();
      const changed = error instanceof KeptAccessChanged;
      if (!changed && !request.access?.unconfirmed) return throwError(() => error);
      request.access = undefined;
      request.authorizeAfresh = true;
      const authorized = from(this.accessChain.canActivate(context));
      return changed ? authorized.pipe(mergeMap(() => next.handle())) : authorized.pipe(mergeMap(() => throwError(() => error)));
    }));
  }
}
