// Signing in, as an attacker would try it: a new session id at every sign-in (no fixation), the
// cookie's flags, one message for an unknown email and a wrong password, limits per account that
// hold across services on one database and per address, no redirect off the site.
import request from 'supertest';
import { describeEachBackend, secondService, type Harness } from '../support/e2e';
import { makeAccount, postForm, sessionCookieOf, signIn } from './web-client';

/** The problem a page states (role="alert"), as text. */
const problemOf = (html: string): string | undefined => /<p class="problem" role="alert">([^<]*)<\/p>/.exec(html)?.[1];

describeEachBackend('sign-in', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  const other = secondService(harness);

  it('signs in, lands on the page asked for, and the cookie opens the account page', async () => {
    const account = await makeAccount(harness());
    const response = await postForm(http(), '/signin', { email: account.email.toUpperCase(), password: account.password, next: '/account' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/account');
    const page = await http().get('/account').set('Cookie', sessionCookieOf(response) as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain(account.email);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, path /, without Secure over http', async () => {
    const account = await makeAccount(harness());
    const response = await postForm(http(), '/signin', { email: account.email, password: account.password });
    const cookie = ([] as string[]).concat(response.headers['set-cookie'])[0];
    expect(cookie).toMatch(/^kb_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('gives a new session id at sign-in and ends the one the browser had (no fixation)', async () => {
    const account = await makeAccount(harness());
    const first = await signIn(harness(), account);
    const response = await postForm(http(), '/signin', { email: account.email, password: account.password }, { 'Sec-Fetch-Site': 'same-origin', Cookie: first });
    const second = sessionCookieOf(response);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await http().get('/account').set('Cookie', first)).status).toBe(303);
    expect((await http().get('/account').set('Cookie', second as string)).status).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    const account = await makeAccount(harness());
    const cookie = await signIn(harness(), account);
    const value = cookie.split('=')[1];
    const rows: Array<Record<string, unknown>> = await harness().db.reader.query('SELECT * FROM sessions WHERE user_id = ?', [account.userId]);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(value);
  });

  it('says the same for an unknown email and a wrong password', async () => {
    const account = await makeAccount(harness());
    const wrong = await postForm(http(), '/signin', { email: account.email, password: 'not the password at all' });
    const unknown = await postForm(http(), '/signin', { email: `nobody-${account.userId}@example.com`, password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(problemOf(wrong.text)).toBe('The email or password is not right.');
    expect(problemOf(unknown.text)).toBe(problemOf(wrong.text));
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('holds an account back after repeated failures, on another service on the same database too', async () => {
    const account = await makeAccount(harness());
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await postForm(http(), '/signin', { email: account.email, password: `wrong password ${attempt}` })).status).toBe(401);
    }
    const held = await postForm(request(other().getHttpServer()), '/signin', { email: account.email, password: account.password });
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(problemOf(held.text)).toMatch(/^Too many failed sign-ins for this email address\. Try again in \d+ seconds\.$/);
    expect(held.headers['set-cookie']).toBeUndefined();
  });

  it('never sends a visitor off the site after signing in', async () => {
    const account = await makeAccount(harness());
    for (const next of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      const response = await postForm(http(), '/signin', { email: account.email, password: account.password, next });
      expect({ next, location: response.headers.location }).toEqual({ next, location: '/' });
    }
  });

  it('opens the front door to anyone: the knowledge bases they may read', async () => {
    const home = await http().get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<h1>Knowledge bases</h1>');
  });

  it('sends a visitor who is not signed in to sign in, and back', async () => {
    const response = await http().get('/tokens?x=1');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/signin?next=${encodeURIComponent('/tokens?x=1')}`);
  });

  it('signs out: the session ends on the server, not only in the browser', async () => {
    const account = await makeAccount(harness());
    const cookie = await signIn(harness(), account);
    const response = await postForm(http(), '/signout', {}, { 'Sec-Fetch-Site': 'same-origin', Cookie: cookie });
    expect(response.status).toBe(303);
    expect(([] as string[]).concat(response.headers['set-cookie'])[0]).toMatch(/^kb_session=;/);
    expect((await http().get('/account').set('Cookie', cookie)).status).toBe(303);
  });

  it('serves pages with a strict Content-Security-Policy, no Referer and no caching', async () => {
    const response = await http().get('/signin');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none';base-uri 'none'",
    );
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it('speaks Japanese to a browser that asks for it', async () => {
    const response = await http().get('/signin').set('Accept-Language', 'ja,en;q=0.8');
    expect(response.text).toContain('<html lang="ja">');
    expect(response.text).toContain('サインイン');
  });
});

describeEachBackend('sign-in attempts per address', (harness: () => Harness) => {
  it('refuses attempts beyond the limit of one address, even with the right password', async () => {
    const http = request(harness().app.getHttpServer());
    const account = await makeAccount(harness());
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await postForm(http, '/signin', { email: `nobody${attempt}@example.com`, password: 'whatever it may be' })).status).toBe(401);
    }
    const refused = await postForm(http, '/signin', { email: account.email, password: account.password });
    expect(refused.status).toBe(429);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.text).toContain('Too many sign-in attempts from your network.');
  });
}, { signInAttemptsPerAddress: 3 });

describeEachBackend('session cookie behind https', (harness: () => Harness) => {
  it('is Secure with the __Host- prefix when the public URL is https', async () => {
    const account = await makeAccount(harness());
    const response = await postForm(request(harness().app.getHttpServer()), '/signin', { email: account.email, password: account.password }, { Origin: 'https://kb.example.com' });
    expect(response.status).toBe(303);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'])[0];
    expect(cookie).toMatch(/^__Host-kb_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; Secure/);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
}, { publicUrl: 'https://kb.example.com' });
