// Route protection, declared with decorators and enforced by one guard chain (default deny):
// every route needs an owner's token of the path's base unless it is @Public(); @RequireScope
// adds the scope a write needs. @Auth composes the metadata with its OpenAPI description.
import { applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Scope } from '../../vocabulary';
import { ErrorResponse } from '../error.response';

/** No token needed: documents, health checks. */
export const Public = Reflector.createDecorator<boolean>({ transform: () => true });

/**
 * The read that answers the route confirms an access kept in memory (src/auth/access.service.ts):
 * the token guard may take one, and the handler answers through AnswerWithAccess, which authorizes
 * again when it no longer holds, or when no read confirmed it. Without AnswerWithAccess the route
 * is not offered a kept access (RouteProtections).
 */
export const ConfirmsKeptAccess = Reflector.createDecorator<boolean>({ transform: () => true });

/** The token scope the route needs besides the owner role. */
export const RequireScope = Reflector.createDecorator<Scope>();

/** An owner's token of the path's base, with `scope` (read by default). */
export function Auth(scope: Scope = 'read'): MethodDecorator & ClassDecorator {
  return applyDecorators(
    RequireScope(scope),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Token missing, malformed, unknown, revoked or expired', type: ErrorResponse }),
    ApiForbiddenResponse({
      description: scope === 'write'
        ? 'Token of another knowledge base, user not its owner, or a read-only token'
        : 'Token of another knowledge base, or user not its owner',
      type: ErrorResponse,
    }),
    ApiNotFoundResponse({ description: "Knowledge base gone (and, on a page's path, the page unknown or deleted)", type: ErrorResponse }),
  );
}
