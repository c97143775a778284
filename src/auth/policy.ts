// Who may do what, as a rule table. Pure: the caller loads the facts.
import type { Role, Scope } from '../domain/types.ts';

export interface AccessFacts {
  role: Role | null;
  scope: Scope;
  write: boolean;
}

/** Why access is refused, or null when allowed. Only owners use the API; writes need scope write. */
export function refusal({ role, scope, write }: AccessFacts): string | null {
  if (role !== 'owner') {
    return 'Only the owner of this knowledge base may use the API; the token\'s user is not its owner.';
  }
  if (write && scope !== 'write') {
    return 'This token has the read scope; creating, changing or deleting pages needs a token with the write scope.';
  }
  return null;
}
