// Identity rows that are over go as new ones come, on each backend: issuing a one-time link deletes
// the user's used and expired links, which /setup already answered as it answers unknown ones.
import { createHash } from 'node:crypto';
import { OneTimeLinksService } from '../../src/identity/one-time-links.service';
import { describeEachBackend, insertUser, type Harness } from '../support/e2e';

const LONG_AGO = '2000-01-01T00:00:00.000Z';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const update = (h: Harness, statement: string, parameters: unknown[]) => h.db.write((tx) => tx.query(statement, parameters));

describeEachBackend('identity pruning of one-time links', (h) => {
  const links = () => h().app.get(OneTimeLinksService);
  const linkHashes = async (userId: number): Promise<string[]> =>
    ((await h().db.reader.query('SELECT link_hash FROM one_time_links WHERE user_id = ?', [userId])) as { link_hash: string }[])
      .map((row) => row.link_hash).sort();
  const hashesOf = (secrets: string[]) => secrets.map(sha256).sort();

  /** A user with a used link, an expired one and a valid one, in that order. */
  async function userWithLinks() {
    const base = await h().fresh();
    const userId = await insertUser(h().db, base.baseId, null);
    const [used, expired, valid] = [await links().issue(userId), await links().issue(userId), await links().issue(userId)];
    // Made used and expired after they were issued: issuing deletes such links.
    await update(h(), 'UPDATE one_time_links SET used_at = ? WHERE link_hash = ?', [LONG_AGO, sha256(used)]);
    await update(h(), 'UPDATE one_time_links SET expires_at = ? WHERE link_hash = ?', [LONG_AGO, sha256(expired)]);
    return { userId, used, expired, valid };
  }

  it("issuing a link deletes the user's used and expired links; valid ones and other users' stay", async () => {
    const user = await userWithLinks();
    const other = await userWithLinks();
    const otherRows = await linkHashes(other.userId);

    const issued = await links().issue(user.userId);
    expect(await linkHashes(user.userId)).toEqual(hashesOf([user.valid, issued]));
    expect(await linkHashes(other.userId)).toEqual(otherRows);
  });

  it('a deleted link is refused as before; a valid one still sets the password', async () => {
    const user = await userWithLinks();
    const issued = await links().issue(user.userId);
    expect(await linkHashes(user.userId)).toEqual(hashesOf([user.valid, issued]));
    for (const gone of [user.used, user.expired]) {
      expect(await links().peek(gone)).toBeNull();
      expect(await links().redeem(gone, 'another good password')).toEqual({ outcome: 'invalid' });
    }
    expect(await links().peek(user.valid)).toMatchObject({ userId: user.userId });
    expect(await links().redeem(user.valid, 'another good password')).toEqual({ outcome: 'done', userId: user.userId });
  });
});
