// Driving the web pages as a browser would, over real HTTP: forms posted from our own pages
// (Sec-Fetch-Site: same-origin), the session cookie kept between requests.
import request from 'supertest';
import { AccountsService } from '../../src/identity/accounts.service';
import type { Harness } from '../support/e2e';
import { uniqueName } from '../support/e2e';

export const sameOrigin = { 'Sec-Fetch-Site': 'same-origin' };
export const PASSWORD = 'correct horse battery staple';

export interface TestAccount {
  userId: number;
  email: string;
  password: string;
}

export async function makeAccount(harness: Harness, options: { admin?: boolean; name?: string } = {}): Promise<TestAccount> {
  const email = `${uniqueName('web')}@example.com`;
  const account = await harness.app.get(AccountsService).create({ email, name: options.name ?? 'Web User', admin: options.admin ?? false, password: PASSWORD });
  return { userId: account.userId, email: account.email, password: PASSWORD };
}

/** The session cookie (`name=value`) a response sets, or undefined. */
export function sessionCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((each) => /^(__Host-)?kb_session=[^;]+/.test(each));
  return cookie?.split(';')[0];
}

export function postForm(http: ReturnType<typeof request>, path: string, fields: Record<string, string>, headers: Record<string, string> = sameOrigin): request.Test {
  let post = http.post(path).type('form');
  for (const [name, value] of Object.entries(headers)) post = post.set(name, value);
  return post.send(new URLSearchParams(fields).toString());
}

/** Signs in through the form; the session cookie. */
export async function signIn(harness: Harness, account: Pick<TestAccount, 'email' | 'password'>, server = harness.app.getHttpServer()): Promise<string> {
  const response = await postForm(request(server), '/signin', { email: account.email, password: account.password });
  const cookie = sessionCookieOf(response);
  if (response.status !== 303 || !cookie) throw new Error(`sign-in failed: ${response.status} ${response.text.slice(0, 300)}`);
  return cookie;
}
