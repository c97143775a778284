// Reads a JSON request body after the guards have run, so that a missing token, another base or
// a read-only token (401/403/404) is answered before a wrong media type (415), an oversized body
// (413) or malformed JSON (400), as the order of checks requires. Parsing is body-parser's.
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { json, type Request, type Response } from 'express';
import type { Observable } from 'rxjs';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { badRequest, unsupportedMediaType } from '../errors/domain-error';


function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

let parser: ReturnType<typeof json> | undefined;
let parserLimit = 0;

/** body-parser's JSON reader for `limit` bytes; every media type, since ours is checked first. */
function jsonParser(limit: number): ReturnType<typeof json> {
  if (!parser || parserLimit !== limit) {
    parser = json({ limit, strict: true, type: () => true });
    parserLimit = limit;
  }
  return parser;
}

@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly limit: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.bodyLimit;
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (!isJson(request.headers['content-type'])) throw unsupportedMediaType();
    await new Promise<void>((resolve, reject) => {
      jsonParser(this.limit)(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(error) : resolve()));
    });
    if (request.body === undefined) request.body = {};
    if (request.body === null || typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    return next.handle();
  }
}
