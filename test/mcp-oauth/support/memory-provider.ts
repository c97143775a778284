// The OAuth side of an MCP client, as the official SDKs want it from their host: an
// OAuthClientProvider that keeps the registration, the PKCE verifier, the discovery and the
// tokens in memory, and "opens" the authorization URL by keeping it for the browser to visit.
// The same object serves @modelcontextprotocol/client 2.x and @modelcontextprotocol/sdk 1.x.
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens,
} from '@modelcontextprotocol/client';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export class MemoryOAuthProvider implements OAuthClientProvider {
  /** Each URL the SDK asked to open in the browser, oldest first. */
  readonly authorizationUrls: URL[] = [];
  /** Each token answer the SDK saved, oldest first (a refresh adds one). */
  readonly savedTokens: StoredOAuthTokens[] = [];
  /** When each of savedTokens was saved (ms), to know when its access token expires. */
  readonly savedAt: number[] = [];
  readonly stateValue = randomBytes(16).toString('hex');
  private client?: StoredOAuthClientInformation;
  private live?: StoredOAuthTokens;
  private verifier?: string;
  private discovery?: OAuthDiscoveryState;

  constructor(
    private readonly redirectUri: string,
    readonly clientName: string,
    private readonly authMethod: ClientAuthMethod = 'none',
  ) {}

  get redirectUrl(): string {
    return this.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.authMethod,
    };
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.client;
  }

  saveClientInformation(client: StoredOAuthClientInformation): void {
    this.client = client;
  }

  /** The registration, once the SDK has made it. */
  registration(): StoredOAuthClientInformation {
    if (!this.client) throw new Error('the client has not registered');
    return this.client;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.live;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.live = tokens;
    this.savedTokens.push(tokens);
    this.savedAt.push(Date.now());
  }

  /** The tokens saved last. */
  current(): StoredOAuthTokens {
    const tokens = this.tokens();
    if (!tokens) throw new Error('the client has no tokens');
    return tokens;
  }

  /** When the access token saved last stops being good (ms), by its expires_in. */
  accessExpiresAt(): number {
    const { expires_in: seconds } = this.current();
    if (typeof seconds !== 'number') throw new Error('the token answer had no expires_in');
    return this.savedAt.at(-1)! + seconds * 1000;
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrls.push(authorizationUrl);
  }

  /** The URL the SDK asked to open last. */
  authorizationUrl(): URL {
    const url = this.authorizationUrls.at(-1);
    if (!url) throw new Error('the SDK asked for no authorization');
    return url;
  }

  saveCodeVerifier(codeVerifier: string): void {
    this.verifier = codeVerifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier saved');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.live = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}
