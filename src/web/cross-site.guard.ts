// Refuses an unsafe request to a web page unless it comes from our own pages (cross-site.ts):
// every form, sign-in included (login CSRF). The REST API, authenticated by a bearer token that
// a browser never sends by itself, does not pass here.
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { originOf, sameSiteRequest } from './cross-site';
import { requestOrigin } from '../http/public-url';
import { CrossSiteRefused } from './web-errors';

@Injectable()
export class CrossSiteGuard implements CanActivate {
  private readonly publicOrigin?: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.publicOrigin = config.publicUrl ? originOf(config.publicUrl) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const own = [requestOrigin(request), ...(this.publicOrigin ? [this.publicOrigin] : [])];
    const allowed = sameSiteRequest(
      { method: request.method, secFetchSite: request.get('sec-fetch-site'), origin: request.get('origin') },
      own,
    );
    if (!allowed) throw new CrossSiteRefused();
    return true;
  }
}
