// The HTTP request of a guard's or a parameter decorator's context, taken without switchToHttp(),
// which assigns three new closures to the context on every call (six calls a request before).
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export function requestOf(context: ExecutionContext): Request {
  return context.getArgByIndex<Request>(0);
}
