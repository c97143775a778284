// The discovery documents: the authorization server's (RFC 8414) and the MCP resource's (RFC 9728),
// both from the issuer (the service's public URL).
import { clientAuthMethods } from './client-authentication';
import { mcpResourceOf } from './oauth-urls';
import { oauthScopes } from './oauth-scopes';

export const AUTHORIZE_PATH = '/oauth/authorize';
export const TOKEN_PATH = '/oauth/token';
export const REGISTER_PATH = '/oauth/register';
export const REVOKE_PATH = '/oauth/revoke';

export function authorizationServerMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}${AUTHORIZE_PATH}`,
    token_endpoint: `${issuer}${TOKEN_PATH}`,
    registration_endpoint: `${issuer}${REGISTER_PATH}`,
    revocation_endpoint: `${issuer}${REVOKE_PATH}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...clientAuthMethods],
    revocation_endpoint_auth_methods_supported: [...clientAuthMethods],
    scopes_supported: [...oauthScopes],
    authorization_response_iss_parameter_supported: true,
  };
}

export function protectedResourceMetadata(issuer: string): Record<string, unknown> {
  return {
    resource: mcpResourceOf(issuer),
    authorization_servers: [issuer],
    scopes_supported: [...oauthScopes],
    bearer_methods_supported: ['header'],
    resource_name: 'kb-pages',
  };
}
