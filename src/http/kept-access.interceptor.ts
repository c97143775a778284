// Authorizes a request again, afresh, when the read that answers it finds that the access it was
// authorized on from memory no longer holds (KeptAccessChanged), then runs the handler once more.
// The second run has a freshly read access, which needs no confirmation: it cannot loop.
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
      if (!(error instanceof KeptAccessChanged)) return throwError(() => error);
      const request = context.switchToHttp().getRequest<Request>();
      request.access = undefined;
      request.authorizeAfresh = true;
      return from(this.accessChain.canActivate(context)).pipe(mergeMap(() => next.handle()));
    }));
  }
}
