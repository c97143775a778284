// "Last used" (src/auth/token-uses.ts): the token check notes a token in memory, a flush writes it
// in one UPDATE of its own, at most once an hour per token, across processes too; no request waits
// for it, a failed flush is logged and lost for nothing, and the app's stop flushes what is noted.
// The clock is TokenUses.clock, moved by the test; nothing here depends on real time passing.
import { Logger, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { TokenUses } from '../../src/auth/token-uses';
import { TokenUsesRepository } from '../../src/auth/token-uses.repository';
import { defaults } from '../../src/config/config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { describeEachBackend, secondService, type TestBase } from '../support/e2e';

const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describeEachBackend('a token\'s last use', (h) => {
  const other = secondService(h);
  const uses = (app: INestApplication = h().app) => app.get(TokenUses);
  // Each test uses tokens of its own, so each may start at the same time.
  const t0 = Date.parse('2031-01-01T00:00:00.000Z');

  beforeEach(() => {
    for (const app of [h().app, other()]) uses(app).clock = () => t0;
  });
  afterEach(() => jest.restoreAllMocks());

  const at = (ms: number, ...apps: INestApplication[]) => {
    for (const app of apps.length ? apps : [h().app]) uses(app).clock = () => ms;
  };
  const call = (base: TestBase, app: INestApplication = h().app) =>
    request(app.getHttpServer()).get(`/api/v1/bases/${base.baseId}/info`).set('Authorization', `Bearer ${base.token}`);
  const lastUsed = async (base: TestBase): Promise<string | null> =>
    (await h().db.reader.query('SELECT last_used_at FROM tokens WHERE base_id = ?', [base.baseId]))[0].last_used_at;
  const tokenIdOf = async (base: TestBase): Promise<string> =>
    (await h().db.reader.query('SELECT token_id FROM tokens WHERE base_id = ?', [base.baseId]))[0].token_id;

  it('two calls with one token record one use, written in one UPDATE by the flush, not by the calls', async () => {
    const base = await h().fresh();
    const record = jest.spyOn(h().app.get(TokenUsesRepository), 'record');
    expect((await call(base)).status).toBe(200);
    expect((await call(base)).status).toBe(200);
    expect(await lastUsed(base)).toBeNull();
    await uses().flushNow();
    expect(await lastUsed(base)).toBe(iso(t0));
    expect(record.mock.calls.map(([, ids]) => ids)).toEqual([[await tokenIdOf(base)]]);

    // Within the hour: noted no more, nothing written.
    at(t0 + HOUR_MS - 1000);
    expect((await call(base)).status).toBe(200);
    await uses().flushNow();
    expect(record).toHaveBeenCalledTimes(1);
    expect(await lastUsed(base)).toBe(iso(t0));
  });

  it('a call an hour later records again', async () => {
    const base = await h().fresh();
    await call(base);
    await uses().flushNow();
    expect(await lastUsed(base)).toBe(iso(t0));
    at(t0 + HOUR_MS + 1000);
    await call(base);
    await uses().flushNow();
    expect(await lastUsed(base)).toBe(iso(t0 + HOUR_MS + 1000));
  });

  it('many tokens used go in one UPDATE', async () => {
    const bases = [await h().fresh(), await h().fresh(), await h().fresh()];
    const record = jest.spyOn(h().app.get(TokenUsesRepository), 'record');
    for (const base of bases) await call(base);
    await uses().flushNow();
    expect(record).toHaveBeenCalledTimes(1);
    expect(new Set(record.mock.calls[0][1])).toEqual(new Set(await Promise.all(bases.map(tokenIdOf))));
    for (const base of bases) expect(await lastUsed(base)).toBe(iso(t0));
  });

  it('another process that knows nothing of the first writes nothing within the hour of the recorded use', async () => {
    const base = await h().fresh();
    await call(base);
    await uses().flushNow();
    at(t0 + HOUR_MS / 2, other());
    expect((await call(base, other())).status).toBe(200);
    await uses(other()).flushNow();
    expect(await lastUsed(base)).toBe(iso(t0));
    // An hour after its own note, the other process notes and records again.
    at(t0 + HOUR_MS * 1.5 + 1000, other());
    await call(base, other());
    await uses(other()).flushNow();
    expect(await lastUsed(base)).toBe(iso(t0 + HOUR_MS * 1.5 + 1000));
  });

  it('a request does not wait for a flush under way', async () => {
    const base = await h().fresh();
    const db = h().app.get(UnitOfWork);
    const write = db.write.bind(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    jest.spyOn(db, 'write').mockImplementationOnce(async (work) => {
      await held;
      return write(work);
    });
    await call(base);
    const flushed = uses().flushNow();
    // The flush holds its write; the API answers meanwhile.
    expect((await call(base)).status).toBe(200);
    expect(await lastUsed(base)).toBeNull();
    release();
    await flushed;
    expect(await lastUsed(base)).toBe(iso(t0));
  });

  it('a failed flush is logged, not thrown, and the token is recorded at its next use', async () => {
    const base = await h().fresh();
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(h().app.get(UnitOfWork), 'write').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:3306'));
    await call(base);
    await expect(uses().flushNow()).resolves.toBeUndefined();
    expect(await lastUsed(base)).toBeNull();
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Recording when 1 token(s) were last used failed; each is noted again at its next use: connect ECONNREFUSED 127.0.0.1:3306',
    ]);
    at(t0 + 1000);
    await call(base);
    await uses().flushNow();
    expect(await lastUsed(base)).toBe(iso(t0 + 1000));
  });

  it('the app flushes what it noted when it stops', async () => {
    const base = await h().fresh();
    const third = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: h().database.url });
    uses(third).clock = () => t0;
    expect((await call(base, third)).status).toBe(200);
    await third.close();
    expect(await lastUsed(base)).toBe(iso(t0));
  });
});
