// Administration use cases: knowledge bases, users, memberships and access tokens. The kbp
// command line calls them today; any later door (web UI, admin API) reuses them as they are.
import { issueToken } from '../auth/tokens.ts';
import { badRequest, notFound } from '../domain/errors.ts';
import { roles, scopes, views, type Base, type Role, type Scope, type User, type View } from '../domain/types.ts';
import { AlreadyExistsError, type Store } from '../store/store.ts';

export const DEFAULT_TOKEN_LIFETIME = '30d';
const MAX_TOKEN_LIFETIME_DAYS = 366;
const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const baseIdShape = /^[a-z0-9-]{6,}$/;
// Rough on purpose: one @, something on each side, a dot in the domain, no spaces.
const emailShape = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const now = () => new Date().toISOString();

function oneOf<T extends string>(allowed: readonly T[], value: string, what: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(`The ${what} must be one of ${allowed.join(', ')}, not "${value}".`);
  }
  return value as T;
}

export function checkBaseId(baseId: string): string {
  if (!baseIdShape.test(baseId)) {
    throw badRequest(
      `"${baseId}" is not a valid knowledge-base id: use 6 or more lowercase letters, digits and hyphens (for example team-docs).`,
    );
  }
  return baseId;
}

/** Email addresses are compared in lower case, so `Alice@Example.com` and `alice@example.com` are one user. */
export function normaliseEmail(email: string): string {
  const normalised = email.trim().toLowerCase();
  if (normalised.length > 254 || !emailShape.test(normalised)) {
    throw badRequest(`"${email}" is not a valid email address (expected something like alice@example.com).`);
  }
  return normalised;
}

/** A lifetime such as `90s`, `15m`, `12h` or `30d`, in milliseconds; at most 366 days. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) {
    throw badRequest(`"${text}" is not a duration: write a number followed by s, m, h or d (for example 90s or 30d).`);
  }
  const ms = Number(match[1]) * unitMs[match[2] as keyof typeof unitMs];
  if (ms <= 0) throw badRequest(`The duration "${text}" must be longer than zero.`);
  if (ms > MAX_TOKEN_LIFETIME_DAYS * unitMs.d) {
    throw badRequest(`The duration "${text}" is too long: a token lives at most ${MAX_TOKEN_LIFETIME_DAYS}d.`);
  }
  return ms;
}

async function requireBase(store: Store, baseId: string): Promise<Base> {
  const base = await store.getBase(baseId);
  if (!base) throw notFound(`There is no knowledge base "${baseId}"; create it with: kbp base create ${baseId}`);
  return base;
}

async function requireUser(store: Store, email: string): Promise<User> {
  const normalised = normaliseEmail(email);
  const user = await store.findUserByEmail(normalised);
  if (!user) throw notFound(`There is no user "${normalised}"; create it with: kbp user create ${normalised}`);
  return user;
}

export interface NewBaseInput {
  baseId: string;
  description?: string;
  view?: string;
}

export async function createBase(store: Store, input: NewBaseInput): Promise<Base> {
  const base: Base = {
    baseId: checkBaseId(input.baseId),
    description: input.description ?? '',
    view: oneOf<View>(views, input.view ?? 'L', 'view'),
  };
  try {
    await store.createBase(base, now());
  } catch (error) {
    if (error instanceof AlreadyExistsError) throw badRequest(`The knowledge base "${base.baseId}" already exists.`);
    throw error;
  }
  return base;
}

export interface NewUserInput {
  email: string;
  /** Defaults to the part of the address before the @. */
  name?: string;
}

export async function createUser(store: Store, input: NewUserInput): Promise<User> {
  const email = normaliseEmail(input.email);
  const name = input.name?.trim() || email.slice(0, email.indexOf('@'));
  try {
    return await store.createUser(email, name, now());
  } catch (error) {
    if (error instanceof AlreadyExistsError) throw badRequest(`The user "${email}" already exists.`);
    throw error;
  }
}

export interface Membership {
  baseId: string;
  email: string;
  role: Role;
  /** The role the user had before, or null when the user was not a member. */
  previousRole: Role | null;
}

/** Makes the user a member of the base with `role`, or changes the role of a member. */
export async function addMember(store: Store, baseId: string, email: string, role: string): Promise<Membership> {
  const checkedRole = oneOf<Role>(roles, role, 'role');
  const base = await requireBase(store, baseId);
  const user = await requireUser(store, email);
  const previousRole = await store.memberRole(base.baseId, user.userId);
  await store.setMemberRole(base.baseId, user.userId, checkedRole);
  return { baseId: base.baseId, email: user.email, role: checkedRole, previousRole };
}

export interface NewTokenInput {
  baseId: string;
  email: string;
  scope: string;
  /** A duration such as `30d` (the default); at most 366 days. */
  expiresIn?: string;
}

export interface CreatedToken {
  /** The secret itself: shown once, never stored. */
  token: string;
  tokenId: string;
  expiresAt: string;
}

export async function createToken(store: Store, input: NewTokenInput, clock = new Date()): Promise<CreatedToken> {
  const scope = oneOf<Scope>(scopes, input.scope, 'scope');
  const lifetime = parseDuration(input.expiresIn ?? DEFAULT_TOKEN_LIFETIME);
  const base = await requireBase(store, input.baseId);
  const user = await requireUser(store, input.email);
  // A token acts with its owner's role, so a token of a non-member could never do anything.
  if (!(await store.memberRole(base.baseId, user.userId))) {
    throw badRequest(
      `"${user.email}" is not a member of "${base.baseId}"; add them first with: kbp member add ${base.baseId} ${user.email} --role reader`,
    );
  }
  const issued = issueToken();
  const expiresAt = new Date(clock.getTime() + lifetime).toISOString();
  await store.createToken({
    tokenId: issued.tokenId,
    baseId: base.baseId,
    userId: user.userId,
    tokenHash: issued.tokenHash,
    displayPrefix: issued.displayPrefix,
    lastFour: issued.lastFour,
    scope,
    createdAt: clock.toISOString(),
    expiresAt,
  });
  return { token: issued.token, tokenId: issued.tokenId, expiresAt };
}

/** What may be shown of a token: never the token or its hash. */
export interface TokenSummary {
  tokenId: string;
  baseId: string;
  displayPrefix: string;
  lastFour: string;
  ownerEmail: string;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export async function listTokens(store: Store, baseId?: string): Promise<TokenSummary[]> {
  if (baseId !== undefined) await requireBase(store, baseId);
  const records = await store.listTokens(baseId);
  return records.map((record) => ({
    tokenId: record.tokenId,
    baseId: record.baseId,
    displayPrefix: record.displayPrefix,
    lastFour: record.lastFour,
    ownerEmail: record.userEmail,
    scope: record.scope,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
  }));
}

/** Revokes a token at once; revoking it again keeps the first revocation time. */
export async function revokeToken(store: Store, tokenId: string): Promise<void> {
  if (!(await store.revokeToken(tokenId.trim(), now()))) {
    throw notFound(`There is no token "${tokenId}"; see the ids with: kbp token list`);
  }
}
