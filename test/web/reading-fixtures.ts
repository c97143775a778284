// Knowledge bases for the reading pages' tests: one of each view, with pages hidden from some
// visitors in every place of the outline (a root, a middle page, a leaf, the hidden parent of a
// visible child, chains of hidden and visible pages, a page in the trash), each title and body
// carrying a marker word of its own, so a test can tell which pages any HTML shows.
import request from 'supertest';
import type { Harness } from '../support/e2e';
import { insertBase, insertToken, uniqueName } from '../support/e2e';
import type { View } from '../../src/vocabulary';
import { makeAccount, signIn, type TestAccount } from './web-client';

/** Who reads: nobody signed in, a signed-in user of no base, or a member with a role. */
export type VisitorKind = 'anonymous' | 'non-member' | 'reader' | 'writer' | 'owner';
export const visitorKinds: VisitorKind[] = ['anonymous', 'non-member', 'reader', 'writer', 'owner'];

/** One page of an outline: its level, and whether it is more restricted than its base (or deleted). */
interface Slot {
  key: string;
  level: number;
  restricted?: boolean;
  deleted?: boolean;
}

/**
 * The outline every base gets: r = more restricted than the base (hidden from some visitors).
 * A hidden root with a visible child, a hidden middle page with a visible and a hidden child,
 * chains hidden–visible–hidden–visible and hidden–hidden–visible–hidden, a hidden root leaf, a
 * page in the trash.
 */
const outline: Slot[] = [
  { key: 'a', level: 0 },
  { key: 'a1', level: 1, restricted: true },
  { key: 'a1a', level: 2 },
  { key: 'a1b', level: 2, restricted: true },
  { key: 'a2', level: 1 },
  { key: 'b', level: 0, restricted: true },
  { key: 'b1', level: 1 },
  { key: 'b1a', level: 2, restricted: true },
  { key: 'b1a1', level: 3 },
  { key: 'c', level: 0 },
  { key: 'c1', level: 1, restricted: true },
  { key: 'c1a', level: 2, restricted: true },
  { key: 'c1a1', level: 3 },
  { key: 'c1a1a', level: 4, restricted: true },
  { key: 'd', level: 0, restricted: true },
  { key: 'e', level: 0 },
  { key: 'e1', level: 1, deleted: true },
  { key: 'e2', level: 1 },
];

/** Roots before the outline in the public base, so its tree has a second window; every 7th is restricted, the 50th too. */
const FILLER_ROOTS = 52;

export interface FixturePage {
  contentId: string;
  key: string;
  title: string;
  body: string;
  /** Marker words: one in the title, one in the body, found nowhere else. */
  titleMarker: string;
  bodyMarker: string;
  /** Its own view (null: the base's). */
  view: View | null;
  effectiveView: View;
  deleted: boolean;
}

export interface FixtureBase {
  baseId: string;
  view: View;
  /** Whether the member visitors belong to it (the foreign base has only its own owner). */
  shared: boolean;
  pages: FixturePage[];
}

export interface Fixture {
  bases: FixtureBase[];
  accounts: Record<Exclude<VisitorKind, 'anonymous'>, TestAccount>;
  /** Session cookies by visitor (none for the anonymous one). */
  cookies: Record<VisitorKind, string | undefined>;
}

let markers = 0;
/** A word of lower-case letters, all of one length (none a prefix of another): the search finds it alone. */
function marker(kind: 't' | 'b'): string {
  markers += 1;
  const letters = (markers * 7919 + process.pid).toString(36).padStart(8, '0').replace(/[0-9]/g, (d) => 'qwxyzjkvpu'[Number(d)]);
  return `${kind}mark${letters}${kind}`;
}

/** May `kind` read what has `view`, in a base it is a member of (`member`) or not? */
export function mayRead(kind: VisitorKind, view: View, member: boolean): boolean {
  if (view === 'O') return true;
  if (view === 'I') return kind !== 'anonymous';
  return member && (kind === 'reader' || kind === 'writer' || kind === 'owner');
}

export function isMember(kind: VisitorKind, base: FixtureBase): boolean {
  return base.shared && (kind === 'reader' || kind === 'writer' || kind === 'owner');
}

/** Pages `kind` must never see a word of: deleted, or whose own view (or the base's) keeps them out. */
export function hiddenPages(kind: VisitorKind, base: FixtureBase): FixturePage[] {
  const member = isMember(kind, base);
  const baseVisible = mayRead(kind, base.view, member);
  return base.pages.filter((page) => page.deleted || !baseVisible || !mayRead(kind, page.effectiveView, member));
}

export function visiblePages(kind: VisitorKind, base: FixtureBase): FixturePage[] {
  const hidden = new Set(hiddenPages(kind, base));
  return base.pages.filter((page) => !hidden.has(page));
}

/** A base of `view` with its owner's write token; members added after. */
export async function makeBase(h: Harness, view: View, owner: TestAccount, description: string): Promise<{ baseId: string; token: string }> {
  const baseId = uniqueName('read');
  await insertBase(h.db, baseId, view, description);
  await addMember(h, baseId, owner, 'owner');
  return { baseId, token: await insertToken(h.db, { baseId, userId: owner.userId }) };
}

export async function addMember(h: Harness, baseId: string, account: TestAccount, role: string): Promise<void> {
  await h.db.write((tx) => tx.query('INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)', [baseId, account.userId, role]));
}

export async function api(h: Harness, token: string, method: 'post' | 'patch' | 'delete', path: string, body?: object): Promise<request.Response> {
  let call = request(h.app.getHttpServer())[method](`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
  if (body) call = call.set('Content-Type', 'application/json').send(JSON.stringify(body));
  const response = await call;
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
  return response;
}

/** The view a restricted page of a base of `view` gets: stricter than the base's. */
function restrictedView(view: View, index: number): View {
  if (view === 'O') return index % 2 === 0 ? 'L' : 'I';
  return 'L';
}

async function fillBase(h: Harness, baseId: string, token: string, view: View, slots: Slot[]): Promise<FixturePage[]> {
  const pages: FixturePage[] = [];
  for (const [index, slot] of slots.entries()) {
    const titleMarker = marker('t');
    const bodyMarker = marker('b');
    // A Japanese word in some titles, so the walk searches Japanese too.
    const title = `${index % 3 === 0 ? '手順' : 'Guide'} ${slot.key} ${titleMarker}`;
    const body = `Body of ${slot.key}: ${bodyMarker} 本文`;
    const created = await api(h, token, 'post', `/bases/${baseId}/pages`, { title, body, content_type: index % 2 ? 'M' : 'T', content_lang: 'en' });
    const contentId: string = created.body.content_id;
    const own = slot.restricted ? restrictedView(view, index) : null;
    const changes: Record<string, unknown> = {};
    if (slot.level > 0) changes.level = slot.level;
    if (own) changes.view = own;
    if (Object.keys(changes).length > 0) await api(h, token, 'patch', `/bases/${baseId}/pages/${contentId}`, changes);
    pages.push({ contentId, key: slot.key, title, body, titleMarker, bodyMarker, view: own, effectiveView: own ?? view, deleted: false });
  }
  for (const page of pages) {
    if (!slots.find((slot) => slot.key === page.key)?.deleted) continue;
    await api(h, token, 'delete', `/bases/${baseId}/pages/${page.contentId}`);
    page.deleted = true;
  }
  return pages;
}

/** Accounts of each kind, the bases O, I and L they share, a foreign L base, and everyone's sessions. */
export async function makeFixture(h: Harness): Promise<Fixture> {
  const accounts = {
    'non-member': await makeAccount(h, { name: 'Non Member' }),
    reader: await makeAccount(h, { name: 'Reader' }),
    writer: await makeAccount(h, { name: 'Writer' }),
    owner: await makeAccount(h, { name: 'Owner' }),
  };
  const stranger = await makeAccount(h, { name: 'Stranger' });
  const bases: FixtureBase[] = [];
  for (const view of ['O', 'I', 'L'] as View[]) {
    const { baseId, token } = await makeBase(h, view, accounts.owner, `Shared base of view ${view}`);
    await addMember(h, baseId, accounts.reader, 'reader');
    await addMember(h, baseId, accounts.writer, 'writer');
    const filler: Slot[] = view === 'O'
      ? Array.from({ length: FILLER_ROOTS }, (_, i) => ({ key: `f${i}`, level: 0, restricted: i % 7 === 3 || i === 49 }))
      : [];
    bases.push({ baseId, view, shared: true, pages: await fillBase(h, baseId, token, view, [...filler, ...outline]) });
  }
  const foreign = await makeBase(h, 'L', stranger, 'Foreign base');
  bases.push({ baseId: foreign.baseId, view: 'L', shared: false, pages: await fillBase(h, foreign.baseId, foreign.token, 'L', outline) });

  const cookies: Record<VisitorKind, string | undefined> = {
    anonymous: undefined,
    'non-member': await signIn(h, accounts['non-member']),
    reader: await signIn(h, accounts.reader),
    writer: await signIn(h, accounts.writer),
    owner: await signIn(h, accounts.owner),
  };
  return { bases, accounts, cookies };
}
