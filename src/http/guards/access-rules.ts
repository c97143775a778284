// The rules of the order of checks, each a function of the request's access, so that the REST
// guard chain and the MCP tools refuse alike, with the same codes and words.
import type { Access, AccessBase } from '../../auth/access';
import { baseGone, forbidden, unauthorized } from '../../errors/domain-error';
import type { Scope } from '../../vocabulary';

/** Step 1 (401): a known token, not revoked, not expired. */
export function usableToken(access: Access | null): Access {
  if (!access) throw unauthorized('Send a valid access token as "Authorization: Bearer kbp_…".');
  if (access.revokedAt !== null) throw unauthorized('The access token is unknown or has been revoked.');
  if (Date.parse(access.expiresAt) <= Date.now()) throw unauthorized('The access token has expired; create a new one.');
  return access;
}

/** Step 2 (403): the token is bound to the base asked for. */
export function bindsBase(access: Access | undefined, baseId: unknown): void {
  if (typeof baseId !== 'string' || access?.baseId !== baseId) {
    throw forbidden(`This token is bound to another knowledge base and cannot reach "${String(baseId ?? '')}".`);
  }
}

/** Step 3 (404): the token's base still exists. */
export function existingBase(access: Access | undefined): AccessBase {
  if (!access?.base) throw baseGone(access?.baseId ?? '');
  return access.base;
}

/** Step 4 (403): the token's user owns the base now. */
export function ownerOnly(access: Access | undefined): void {
  if (access?.role !== 'owner') {
    throw forbidden("Only the owner of this knowledge base may use the API; the token's user is not its owner.");
  }
}

/** Step 5 (403): a write needs the write scope. */
export function scopeAllows(access: Access | undefined, needed: Scope): void {
  if (needed === 'write' && access?.scope !== 'write') {
    throw forbidden('This token has the read scope; creating, changing or deleting pages needs a token with the write scope.');
  }
}
