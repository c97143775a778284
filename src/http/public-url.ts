// Where the reader's browser reaches the service: KB_PUBLIC_URL, else the request's own scheme and
// Host (behind a balancer, trust proxy makes them the client's). Links shown on a page start here,
// and the OAuth issuer is this URL.
import type { Request } from 'express';
import type { AppConfig } from '../config/config';

export function requestOrigin(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? ''}`;
}

export function publicUrlFor(config: AppConfig, request: Request): string {
  return config.publicUrl ?? requestOrigin(request);
}
