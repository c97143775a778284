// Accounts on each backend: one user per address in any case, the first account administrator,
// passwords set and changed, disabling that ends sessions and revokes tokens at once.
import { hashSecret } from '../../src/identity/secrets';
import { backends, createTestDatabase, type TestDatabase } from '../support/databases';
import { openIdentity, PASSWORD, type Identity } from './support';

describe.each(backends)('accounts [%s]', (backend) => {
  let database: TestDatabase;
  let id: Identity;

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    id = await openIdentity(database.url);
  });
  afterEach(async () => {
    await id?.close();
    await database?.drop();
  });

  it('refuses a second user whose address differs only in case', async () => {
    await id.accounts.create({ email: 'Alice@Example.com', password: PASSWORD });
    await expect(id.accounts.create({ email: 'alice@example.com' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'The user "alice@example.com" already exists.' });
    await expect(id.users.create({ email: 'ALICE@EXAMPLE.COM' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await id.rows('SELECT email FROM users')).toEqual([{ email: 'alice@example.com' }]);
    expect((await id.accounts.findByEmail('aLiCe@example.COM'))?.email).toBe('alice@example.com');
  });

  it('makes the first account administrator, later ones only when asked', async () => {
    const first = await id.accounts.create({ email: 'first@example.com' });
    const second = await id.accounts.create({ email: 'second@example.com', name: 'Second' });
    const third = await id.accounts.create({ email: 'third@example.com', admin: true });
    expect([first.isAdmin, second.isAdmin, third.isAdmin]).toEqual([true, false, true]);
    expect(second).toMatchObject({ email: 'second@example.com', name: 'Second', disabled: false, locale: null, hasPassword: false });
    expect((await id.accounts.list()).map((account) => account.email)).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
  });

  it('gives a user made before accounts an account on demand, administrator if it is the first', async () => {
    const old = await id.users.create({ email: 'old@example.com' });
    expect(await id.accounts.get(old.userId)).toMatchObject({ isAdmin: false, hasPassword: false });
    expect(await id.rows('SELECT user_id FROM accounts')).toEqual([]);
    expect(await id.accounts.ensureAccount(old.userId)).toMatchObject({ email: 'old@example.com', isAdmin: true });
    const later = await id.users.create({ email: 'later@example.com' });
    expect((await id.accounts.ensureAccount(later.userId)).isAdmin).toBe(false);
    expect((await id.accounts.ensureAccount(old.userId)).isAdmin).toBe(true);
    await expect(id.accounts.ensureAccount(9999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a password of fewer than 12 or more than 256 characters, storing nothing', async () => {
    await expect(id.accounts.create({ email: 'a@example.com', password: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/too short.*at least 12/) });
    await expect(id.accounts.create({ email: 'a@example.com', password: 'x'.repeat(257) })).rejects.toMatchObject({ message: expect.stringMatching(/too long.*at most 256/) });
    expect(await id.rows('SELECT email FROM users')).toEqual([]);
  });

  it('stores only an argon2id PHC hash of the password', async () => {
    await id.accounts.create({ email: 'a@example.com', password: PASSWORD });
    const [row] = await id.rows('SELECT password_hash FROM accounts');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('setPassword sets the password and ends every session of the user', async () => {
    const user = await id.accounts.create({ email: 'a@example.com', password: PASSWORD });
    const cookie = await id.sessions.start(user.userId);
    await id.accounts.setPassword('A@example.com', 'a brand new password');
    expect(await id.sessions.resolve(cookie)).toBeNull();
    expect((await id.signIn.signIn('a@example.com', PASSWORD)).outcome).toBe('refused');
    expect((await id.signIn.signIn('a@example.com', 'a brand new password')).outcome).toBe('signed-in');
    await expect(id.accounts.setPassword('nobody@example.com', 'a brand new password')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('changePassword needs the current password and ends every other session', async () => {
    const user = await id.accounts.create({ email: 'a@example.com', password: PASSWORD });
    const here = await id.sessions.start(user.userId);
    const elsewhere = await id.sessions.start(user.userId);
    expect(await id.accounts.changePassword(user.userId, 'not the password', 'a brand new password', here)).toBe('wrong-current');
    expect(await id.accounts.changePassword(user.userId, PASSWORD, 'short', here)).toBe('too-short');
    expect(await id.sessions.resolve(elsewhere)).not.toBeNull();
    expect(await id.accounts.changePassword(user.userId, PASSWORD, 'a brand new password', here)).toBe('changed');
    expect(await id.sessions.resolve(here)).not.toBeNull();
    expect(await id.sessions.resolve(elsewhere)).toBeNull();
    expect((await id.signIn.signIn('a@example.com', 'a brand new password')).outcome).toBe('signed-in');
  });

  it('disabling ends the sessions and revokes the tokens at once; enabling lets the user sign in again', async () => {
    await id.bases.create({ baseId: 'team-docs', description: '', view: 'L' });
    const user = await id.accounts.create({ email: 'a@example.com', password: PASSWORD });
    await id.members.add('team-docs', 'a@example.com', 'owner');
    const token = await id.tokens.create({ baseId: 'team-docs', email: 'a@example.com', scope: 'write' });
    const cookie = await id.sessions.start(user.userId);
    const disabled = await id.accounts.setDisabled(user.userId, true);
    expect(disabled.disabled).toBe(true);
    expect(await id.sessions.resolve(cookie)).toBeNull();
    expect(await id.rows('SELECT session_hash FROM sessions')).toEqual([]);
    const [row] = await id.rows('SELECT revoked_at FROM tokens WHERE token_hash = ?', [hashSecret(token.token)]);
    expect(row.revoked_at).not.toBeNull();
    expect((await id.signIn.signIn('a@example.com', PASSWORD)).outcome).toBe('refused');
    expect((await id.accounts.setDisabled(user.userId, false)).disabled).toBe(false);
    expect((await id.signIn.signIn('a@example.com', PASSWORD)).outcome).toBe('signed-in');
  });

  it('keeps the last enabled administrator one; sets the language', async () => {
    const admin = await id.accounts.create({ email: 'admin@example.com' });
    const other = await id.accounts.create({ email: 'other@example.com' });
    await expect(id.accounts.setAdmin(admin.userId, false)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/only administrator/) });
    expect((await id.accounts.setAdmin(other.userId, true)).isAdmin).toBe(true);
    expect((await id.accounts.setAdmin(admin.userId, false)).isAdmin).toBe(false);
    expect((await id.accounts.setLocale(other.userId, 'ja')).locale).toBe('ja');
    expect((await id.accounts.setLocale(other.userId, null)).locale).toBeNull();
    await expect(id.accounts.setLocale(other.userId, 'fr' as 'ja')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
