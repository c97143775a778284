// The metadata a client registers with (RFC 7591 §2), checked: what we keep of it, or the error
// the registration endpoint answers. Fields we do not use (logo_uri, scope, contacts…) are ignored.
import { clientAuthMethods, type ClientAuthMethod } from './client-authentication';
import { redirectUriProblem } from './redirect-uris';

export const MAX_REDIRECT_URIS = 10;
export const MAX_CLIENT_NAME_LENGTH = 100;
/** Shown on the consent page for a client that gave no name. */
export const UNNAMED_CLIENT = 'Unnamed client';
const grantTypes = ['authorization_code', 'refresh_token'];

export interface ClientMetadata {
  redirectUris: string[];
  clientName: string;
  tokenEndpointAuthMethod: ClientAuthMethod;
  grantTypes: string[];
  responseTypes: string[];
}

export type MetadataCheck =
  | { ok: ClientMetadata }
  | { error: 'invalid_redirect_uri' | 'invalid_client_metadata'; description: string };

const invalid = (description: string): MetadataCheck => ({ error: 'invalid_client_metadata', description });

/** A list of strings each among `allowed`, the default when absent; null when not. */
function wordList(value: unknown, allowed: readonly string[], fallback: string[]): string[] | null {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.length === 0 || !value.every((each) => typeof each === 'string' && allowed.includes(each))) return null;
  return [...new Set(value as string[])];
}

export function checkClientMetadata(body: unknown): MetadataCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return invalid('The registration must be a JSON object.');
  const metadata = body as Record<string, unknown>;
  const uris = metadata.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return { error: 'invalid_redirect_uri', description: 'redirect_uris must list at least one redirect URI.' };
  if (uris.length > MAX_REDIRECT_URIS) return { error: 'invalid_redirect_uri', description: `At most ${MAX_REDIRECT_URIS} redirect URIs.` };
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) return { error: 'invalid_redirect_uri', description: problem };
  }
  const name = metadata.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === '' || name.length > MAX_CLIENT_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name))) {
    return invalid(`client_name must be a text of 1 to ${MAX_CLIENT_NAME_LENGTH} characters without control characters.`);
  }
  const method = metadata.token_endpoint_auth_method ?? 'client_secret_basic';
  if (typeof method !== 'string' || !(clientAuthMethods as readonly string[]).includes(method)) {
    return invalid(`token_endpoint_auth_method must be one of ${clientAuthMethods.join(', ')}.`);
  }
  // Every client may refresh: one that names no grant type (RFC 7591's default is the code alone)
  // is told so in the answer, rather than sent back to the consent page every hour.
  const grants = wordList(metadata.grant_types, grantTypes, grantTypes);
  if (!grants) return invalid('grant_types may hold only authorization_code and refresh_token.');
  const responses = wordList(metadata.response_types, ['code'], ['code']);
  if (!responses) return invalid('response_types may hold only code.');
  return {
    ok: {
      redirectUris: [...new Set(uris as string[])],
      clientName: typeof name === 'string' ? name.trim() : UNNAMED_CLIENT,
      tokenEndpointAuthMethod: method as ClientAuthMethod,
      grantTypes: grants,
      responseTypes: responses,
    },
  };
}
