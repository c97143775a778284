// Reads a JSON request body after the guards have run, so that a missing token, another base or
// a read-only token (401/403/404) is answered before a wrong media type (415), an oversized body
// (413) or malformed JSON (400), as the order of checks requires. Parsing is body-parser's.
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { parse as parseContentType } from 'content-type';
import { json, type Request, type Response } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { badRequest, unsupportedCharset, unsupportedMediaType } from '../errors/domain-error';

/** Keys that reach an object's prototype when copied; never fields of ours, so refused outright
 * (validation would not name them: class-transformer skips them silently). Nested ones need no
 * look: a field holding an object is refused whatever it holds (scalar-fields.ts). */
const prototypeKeys = ['__proto__', 'constructor', 'prototype'];

/**
 * Only JSON in UTF-8, or with no charset named: body-parser would decode any "utf-…" it knows,
 * UTF-16 and UTF-7 too. The header is read as body-parser reads it (content-type).
 */
function checkMediaType(header: string | undefined): void {
  const { type, parameters } = parseContentType(header ?? '');
  if (type !== 'application/json') throw unsupportedMediaType();
  const charset = parameters.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw unsupportedCharset();
}

@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  /** body-parser's JSON reader up to the configured size; every media type, since ours is checked first. */
  private readonly parse: ReturnType<typeof json>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.parse = json({ limit: config.bodyLimit, strict: true, type: () => true });
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    checkMediaType(request.headers['content-type']);
    await new Promise<void>((resolve, reject) => {
      this.parse(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(error) : resolve()));
    });
    if (request.body === undefined) request.body = {};
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const poisoned = prototypeKeys.find((key) => Object.hasOwn(request.body, key));
    if (poisoned) throw badRequest(`Unknown field "${poisoned}".`);
    return next.handle();
  }
}
