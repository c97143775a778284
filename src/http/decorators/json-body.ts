// @JsonBody(): the route reads a JSON object body, after the guards (see JsonBodyInterceptor).
import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { JsonBodyInterceptor } from '../json-body.interceptor';

export function JsonBody(): MethodDecorator {
  return applyDecorators(UseInterceptors(JsonBodyInterceptor));
}
