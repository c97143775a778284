// The one statement a search sends after its postings (SearchRepository.searchStateRead): the
// postings' version, the base's last word number and its row, each only when asked for, answer what
// a read of each alone answers, on each backend, before and after writes and merges; and a base
// with no row answers as one with no postings or words; an access check that cannot hold says so.
import type { EntityManager } from 'typeorm';
import { AccessRepository } from '../../src/auth/access.repository';
import { readTogether } from '../../src/database/read-together';
import { SearchRepository, type StateWanted } from '../../src/search/search.repository';
import { backends } from '../support/databases';
import { at, openSearch, TestBase, type SearchSetup } from './support';

/** The same parts, each read alone by the plainest statement. */
async function readAlone(em: EntityManager, baseId: string) {
  const merges: { postings_version: number }[] = await em.query('SELECT postings_version FROM search_merges WHERE base_id = ?', [baseId]);
  const words: { last: number | null }[] = await em.query('SELECT MAX(word_no) AS last FROM search_words WHERE base_id = ?', [baseId]);
  const bases: Record<string, unknown>[] = await em.query('SELECT page_changes, created_at, outline_version, live_pages FROM bases WHERE base_id = ?', [baseId]);
  const row = bases[0];
  return {
    version: merges[0] ? Number(merges[0].postings_version) : 0,
    lastWord: words[0]?.last == null ? -1 : Number(words[0].last),
    base: row && { createdAt: String(row.created_at), changes: Number(row.page_changes), outlineVersion: Number(row.outline_version), livePages: Number(row.live_pages) },
  };
}

describe.each(backends)('the search state read on %s', (backend) => {
  let setup: SearchSetup;
  let repo: SearchRepository;
  beforeAll(async () => {
    setup = await openSearch(backend);
    setup.index.mergeThreshold = 1_000_000;
    repo = setup.module.get(SearchRepository);
  });

  const readState = async (em: EntityManager, baseId: string, wanted: StateWanted) => (await readTogether(em, repo.searchStateRead(baseId, wanted)))[0];
  afterAll(() => setup.close());

  const everything: StateWanted = { version: true, lastWord: true, base: true };

  it('answers what each part read alone answers, through writes and merges', async () => {
    const base = await TestBase.create(setup, 1);
    const em = setup.db.reader;
    // A base with no pages: no merge row, no words.
    expect(await readState(em, base.baseId, everything)).toEqual(await readAlone(em, base.baseId));
    const first = await base.add({ title: 'alpha', body: 'zeppelin 猫', updatedAt: at(1) });
    expect(await readState(em, base.baseId, everything)).toEqual(await readAlone(em, base.baseId));
    await base.merge();
    await base.add({ title: 'beta', body: 'quantum 鰻', updatedAt: at(2) });
    await base.edit(first, { title: 'alpha again' }, at(3));
    await base.merge();
    const state = await readState(em, base.baseId, everything);
    expect(state).toEqual(await readAlone(em, base.baseId));
    // The writes were counted: it fails when a column is read from another table or not at all.
    expect(state.version).toBeGreaterThan(0);
    expect(state.lastWord).toBeGreaterThan(0);
    expect(state.base).toMatchObject({ livePages: 2, changes: expect.any(Number) });
    expect(state.base!.changes).toBeGreaterThan(0);
  });

  it('answers only the parts asked for, and nothing when none is', async () => {
    const base = await TestBase.create(setup, 100);
    await base.add({ title: 'gamma', body: 'zeppelin', updatedAt: at(1) });
    await base.merge();
    const em = setup.db.reader;
    const alone = await readAlone(em, base.baseId);
    expect(await readState(em, base.baseId, { version: true })).toEqual({ version: alone.version, lastWord: undefined, base: undefined });
    expect(await readState(em, base.baseId, { lastWord: true })).toEqual({ version: undefined, lastWord: alone.lastWord, base: undefined });
    expect(await readState(em, base.baseId, { base: true })).toEqual({ version: undefined, lastWord: undefined, base: alone.base });
    expect(repo.searchStateRead(base.baseId, {}).statements).toEqual([]);
  });

  it('answers a base with no row as one with no postings, no words and no row', async () => {
    expect(await readState(setup.db.reader, 'no-such-base', everything)).toEqual({ version: 0, lastWord: -1, base: undefined });
  });

  it("reads the base's row for an access check, and says the check fails for a token that is not there, or a base that is not", async () => {
    const base = await TestBase.create(setup, 200);
    const check = setup.module.get(AccessRepository).holdsCheck({ tokenHash: 'no-such-token', expiresAt: at(0), scope: 'write', role: 'owner' });
    const state = await readState(setup.db.reader, base.baseId, { accessCheck: check });
    expect(state).toEqual({ version: undefined, lastWord: undefined, base: (await readAlone(setup.db.reader, base.baseId)).base, accessHolds: false });
    expect((await readState(setup.db.reader, 'no-such-base', { accessCheck: check })).accessHolds).toBe(false);
  });
});
