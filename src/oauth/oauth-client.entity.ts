// A registered OAuth client (RFC 7591): its secret only as a SHA-256 (none for a public client).
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ClientAuthMethod } from './client-authentication';

@Entity('oauth_clients')
export class OauthClientEntity {
  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 64 })
  clientId: string;

  @Column({ name: 'secret_hash', type: 'varchar', length: 64, nullable: true })
  secretHash: string | null;

  @Column({ name: 'client_name', type: 'varchar', length: 255 })
  clientName: string;

  /** A JSON array of the registered redirect URIs. */
  @Column({ name: 'redirect_uris', type: 'text' })
  redirectUris: string;

  @Column({ name: 'token_endpoint_auth_method', type: 'varchar', length: 32 })
  tokenEndpointAuthMethod: ClientAuthMethod;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;
}
