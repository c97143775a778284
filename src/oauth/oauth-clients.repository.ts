// The SQL of registered clients.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dialectOf, inList } from '../database/dialect';
import { sql, type Sql } from '../database/sql';
import { query, runLater } from '../database/statement-pipeline';
import type { ClientAuthMethod } from './client-authentication';
import { OauthClientEntity } from './oauth-client.entity';

export interface OauthClient {
  clientId: string;
  secretHash: string | null;
  clientName: string;
  redirectUris: string[];
  tokenEndpointAuthMethod: ClientAuthMethod;
  createdAt: string;
}

/**
 * No sign-in of the client ever completed (no grant) and none is under way: no code but those
 * expired by the time bound to the statement's second parameter, which an approve would delete.
 */
const unused = (clientId: Sql): Sql => sql`NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = ${clientId})
  AND NOT EXISTS (SELECT 1 FROM oauth_codes o WHERE o.client_id = ${clientId} AND o.expires_at > ?)`;
const UNUSED_REGISTERED_BEFORE = sql`SELECT c.client_id FROM oauth_clients c
  WHERE c.created_at <= ? AND ${unused(sql`c.client_id`)} ORDER BY c.created_at LIMIT ?`;

@Injectable()
export class OauthClientsRepository {
  async insert(tx: EntityManager, client: OauthClient): Promise<void> {
    await tx.getRepository(OauthClientEntity).insert({ ...client, redirectUris: JSON.stringify(client.redirectUris) });
  }

  /** The client of exactly this id (MariaDB's collation ignores trailing spaces: the row must name it as given), or null. */
  async find(em: EntityManager, clientId: string): Promise<OauthClient | null> {
    const row = await em.getRepository(OauthClientEntity).findOneBy({ clientId });
    if (!row || row.clientId !== clientId) return null;
    return { ...row, redirectUris: JSON.parse(row.redirectUris) as string[] };
  }

  /**
   * Deletes at most `limit` clients registered by `before` that were never used, oldest first, and
   * their codes expired by `codesOverBefore` (a sign-in never finished). The DELETE checks again
   * that each is unused: a code may have come since the SELECT (MySQL reads it in the
   * transaction's snapshot), and the foreign keys would refuse the whole statement.
   */
  async deleteUnused(tx: EntityManager, before: string, codesOverBefore: string, limit: number): Promise<void> {
    const rows: { client_id: string }[] = await query(tx, UNUSED_REGISTERED_BEFORE, [before, codesOverBefore, limit]);
    if (rows.length === 0) return;
    const ids = inList(dialectOf(tx), rows.map((row) => row.client_id));
    await runLater(tx, sql`DELETE FROM oauth_codes WHERE client_id ${ids.sql} AND expires_at <= ?`, [...ids.params, codesOverBefore]);
    await runLater(tx, sql`DELETE FROM oauth_clients WHERE client_id ${ids.sql} AND ${unused(sql`oauth_clients.client_id`)}`, [...ids.params, codesOverBefore]);
  }
}
