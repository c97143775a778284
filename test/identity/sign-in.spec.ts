// Sign-in on each backend: one answer for an unknown address and a wrong password, failures
// counted in the database per address with growing delays that a second process (another
// UnitOfWork on the same database) sees too, and a success that clears them.
import { delaySeconds } from '../../src/identity/lifetimes';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { openIdentity, PASSWORD, START, type Identity } from './support';

describe('delays after failed sign-ins', () => {
  it('are none for 4 failures, then 2^(n-5) seconds, at most 900', () => {
    expect([0, 1, 4, 5, 6, 7, 14, 15, 30].map(delaySeconds)).toEqual([0, 0, 0, 1, 2, 4, 512, 900, 900]);
  });
});

describe.each(backends)('sign-in [%s]', (backend) => {
  let database: TestDatabase;
  let id: Identity;
  let userId: number;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    id = await openIdentity(database.url);
    userId = (await id.accounts.create({ email: 'alice@example.com', password: PASSWORD })).userId;
  });
  afterEach(async () => {
    await id?.close();
    await database?.drop();
  });

  const failures = async () => (await id.rows('SELECT email_key, failures FROM sign_in_failures ORDER BY email_key'))
    .map((row) => [row.email_key, Number(row.failures)]);

  it('signs in with the right password, the address in any case', async () => {
    expect(await id.signIn.signIn(' Alice@Example.COM ', PASSWORD)).toEqual({ outcome: 'signed-in', userId });
  });

  it('answers an unknown address, a wrong password and no password alike, and counts each address', async () => {
    await id.users.create({ email: 'nopass@example.com' });
    expect(await id.signIn.signIn('alice@example.com', 'wrong password!')).toEqual({ outcome: 'refused' });
    expect(await id.signIn.signIn('nobody@example.com', PASSWORD)).toEqual({ outcome: 'refused' });
    expect(await id.signIn.signIn('nopass@example.com', PASSWORD)).toEqual({ outcome: 'refused' });
    expect(await id.signIn.signIn('not an address', PASSWORD)).toEqual({ outcome: 'refused' });
    expect(await failures()).toEqual([['alice@example.com', 1], ['nobody@example.com', 1], ['nopass@example.com', 1]]);
  });

  it('makes an address wait after 5 failures, longer after each, known or not', async () => {
    for (const email of ['alice@example.com', 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) expect((await id.signIn.signIn(email, 'wrong password!')).outcome).toBe('refused');
      // Even the right password waits: the delay is on the address, not on the guess.
      expect(await id.signIn.signIn(email, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
      id.clock.at += 1000;
      expect((await id.signIn.signIn(email, 'wrong password!')).outcome).toBe('refused');
      expect(await id.signIn.signIn(email, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 2 });
      id.clock.at += 1500;
      expect(await id.signIn.signIn(email, PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
      id.clock.at = START;
    }
    // Waiting attempts are not counted.
    expect(await failures()).toEqual([['alice@example.com', 6], ['nobody@example.com', 6]]);
  });

  it('caps the delay at 900 seconds', async () => {
    await id.db.write((tx) => tx.query('INSERT INTO sign_in_failures (email_key, failures, last_failed_at) VALUES (?, ?, ?)', ['alice@example.com', 40, new Date(START).toISOString()]));
    expect(await id.signIn.signIn('alice@example.com', PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 900 });
  });

  it('clears the count of the address on success', async () => {
    for (let i = 0; i < 5; i++) await id.signIn.signIn('alice@example.com', 'wrong password!');
    id.clock.at += 1000;
    expect(await id.signIn.signIn('alice@example.com', PASSWORD)).toEqual({ outcome: 'signed-in', userId });
    expect(await failures()).toEqual([]);
    for (let i = 0; i < 5; i++) expect((await id.signIn.signIn('alice@example.com', 'wrong password!')).outcome).toBe('refused');
  });

  const DAY_MS = 86_400_000;
  const insertCount = (email: string, count: number, lastFailedAt: number) => id.db.write((tx) => tx.query(
    'INSERT INTO sign_in_failures (email_key, failures, last_failed_at) VALUES (?, ?, ?)', [email, count, new Date(lastFailedAt).toISOString()]));

  it('forgets a count after a day without failures: the next failure is the first again', async () => {
    await insertCount('alice@example.com', 40, START - DAY_MS - 1000);
    await insertCount('bob@example.com', 40, START - DAY_MS + 60_000);
    expect((await id.signIn.signIn('alice@example.com', 'wrong password!')).outcome).toBe('refused');
    expect((await id.signIn.signIn('bob@example.com', 'wrong password!')).outcome).toBe('refused');
    expect(await failures()).toEqual([['alice@example.com', 1], ['bob@example.com', 41]]);
    expect((await id.signIn.signIn('alice@example.com', 'wrong password!')).outcome).toBe('refused');
    expect(await id.signIn.signIn('bob@example.com', PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 900 });
  });

  it("deletes other addresses' forgotten counts as failures come, 20 at a time, oldest first", async () => {
    for (let i = 0; i < 25; i++) await insertCount(`old${String(i).padStart(2, '0')}@example.com`, 3, START - DAY_MS - (25 - i) * 1000);
    await insertCount('recent@example.com', 3, START - DAY_MS + 60_000);
    await id.signIn.signIn('alice@example.com', 'wrong password!');
    const left = (await failures()).map(([email]) => email);
    expect(left).toEqual(['alice@example.com', 'old20@example.com', 'old21@example.com', 'old22@example.com', 'old23@example.com', 'old24@example.com', 'recent@example.com']);
    await id.signIn.signIn('alice@example.com', 'wrong password!');
    expect(await failures()).toEqual([['alice@example.com', 2], ['recent@example.com', 3]]);
  });

  it('refuses a disabled user with the right password', async () => {
    await id.accounts.setDisabled(userId, true);
    expect(await id.signIn.signIn('alice@example.com', PASSWORD)).toEqual({ outcome: 'refused' });
  });

  describe('with a second process on the same database', () => {
    let other: Identity;
    beforeEach(async () => {
      other = await openIdentity(database.url);
    });
    afterEach(async () => {
      await other?.close();
    });

    it('makes the address wait there after failures counted here', async () => {
      for (let i = 0; i < 3; i++) await id.signIn.signIn('alice@example.com', 'wrong password!');
      for (let i = 0; i < 2; i++) await other.signIn.signIn('alice@example.com', 'wrong password!');
      expect(await other.signIn.signIn('alice@example.com', PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
      expect(await id.signIn.signIn('alice@example.com', PASSWORD)).toEqual({ outcome: 'wait', retryAfterSeconds: 1 });
    });

    it('lets only one of two attempts made at once through the fifth failure', async () => {
      for (let i = 0; i < 4; i++) await id.signIn.signIn('alice@example.com', 'wrong password!');
      const outcomes = await Promise.all([
        id.signIn.signIn('alice@example.com', 'wrong password!'),
        other.signIn.signIn('alice@example.com', 'wrong password!'),
        id.signIn.signIn('alice@example.com', 'wrong password!'),
        other.signIn.signIn('alice@example.com', 'wrong password!'),
      ]);
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['refused', 'wait', 'wait', 'wait']);
      expect(await failures()).toEqual([['alice@example.com', 5]]);
    });
  });
});
