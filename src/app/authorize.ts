// Decides whether a request may touch a knowledge base, in the order of the error catalogue:
// 401 token, 403 other base, 404 base gone, 403 role or scope.
import { bearerToken, hashToken } from '../auth/tokens.ts';
import { refusal } from '../auth/policy.ts';
import { forbidden, notFound, unauthorized } from '../domain/errors.ts';
import type { Base } from '../domain/types.ts';
import type { Store } from '../store/store.ts';

export interface AccessRequest {
  authorization: string | undefined;
  baseId: string;
  write: boolean;
}

export interface Access {
  base: Base;
  userId: number;
}

export async function authorize(store: Store, request: AccessRequest, now = new Date()): Promise<Access> {
  const token = bearerToken(request.authorization);
  if (!token) {
    throw unauthorized('Send a valid access token as "Authorization: Bearer kbp_…".');
  }
  const access = await store.findTokenAccess(hashToken(token));
  const record = access?.token;
  if (!record || record.revokedAt !== null) throw unauthorized('The access token is unknown or has been revoked.');
  if (Date.parse(record.expiresAt) <= now.getTime()) throw unauthorized('The access token has expired; create a new one.');

  if (record.baseId !== request.baseId) {
    throw forbidden(`This token is bound to another knowledge base and cannot reach "${request.baseId}".`);
  }
  const { base, role } = access;
  if (!base) throw notFound(`The knowledge base "${record.baseId}" no longer exists.`);

  const reason = refusal({ role, scope: record.scope, write: request.write });
  if (reason) throw forbidden(reason);
  return { base, userId: record.userId };
}
