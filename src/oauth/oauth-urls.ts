// Where the authorization server and the MCP resource live, from the service's public URL
// (KB_PUBLIC_URL, else the request's own origin: public-url.ts): the issuer is that URL, the
// resource (RFC 8707) its /mcp.
export const MCP_PATH = '/mcp';
export const AUTHORIZATION_SERVER_METADATA_PATH = '/.well-known/oauth-authorization-server';
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

export const mcpResourceOf = (issuer: string): string => `${issuer}${MCP_PATH}`;

/** RFC 9728 §3.1: the metadata of the resource https://host/mcp is at https://host/.well-known/oauth-protected-resource/mcp. */
export function protectedResourceMetadataUrlOf(issuer: string): string {
  const url = new URL(mcpResourceOf(issuer));
  return `${url.origin}${PROTECTED_RESOURCE_METADATA_PATH}${url.pathname}`;
}
