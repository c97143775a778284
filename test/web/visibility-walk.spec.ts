// Visibility is a security property: as each kind of visitor (anonymous, signed-in non-member,
// reader, writer, owner), walk every reading page of the UI (the bases, each base's home with
// every window and every node opened, every tree fragment and tree page, every page view, a
// search for every title and body word) over bases of each view whose outlines hide pages in
// every place, and check that no HTML answered holds a word of a page the visitor may not read.
// And the other way round: every page the visitor may read is reached, in the tree and by search.
import request from 'supertest';
import { describeEachBackend, type Harness } from '../support/e2e';
import {
  hiddenPages, isMember, makeFixture, mayRead, visiblePages, visitorKinds,
  type Fixture, type FixtureBase, type VisitorKind,
} from './reading-fixtures';

interface Answer {
  path: string;
  status: number;
  /** The body and the Location header: everything the visitor is told. */
  text: string;
}

/** The reading pages of a base a walk follows links to (not the writers' and owners' pages). */
function readingLink(baseId: string, href: string): boolean {
  const home = `/kb/${baseId}`;
  if (href === home || href.startsWith(`${home}?`)) return true;
  return /^\/(tree|pages|search)(\/|\?|$)/.test(href.slice(home.length)) && !/\/(edit|delete|move)(\?|$)/.test(href);
}

const decodeHref = (href: string): string => href.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/#.*$/, '');

class Walk {
  readonly answers: Answer[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly http: () => ReturnType<typeof request>, private readonly cookie: string | undefined) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    let call = this.http().get(path);
    if (this.cookie) call = call.set('Cookie', this.cookie);
    for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
    const response = await call;
    const answer = { path: `${path}${headers['HX-Request'] ? ' (fragment)' : ''}`, status: response.status, text: `${response.text ?? ''}\n${response.headers.location ?? ''}` };
    this.answers.push(answer);
    return answer;
  }

  /** Opens `start` and every reading link of the base found on the way, once each. */
  async crawl(baseId: string, start: string[]): Promise<void> {
    const queue = [...start];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (this.seen.has(path)) continue;
      this.seen.add(path);
      const answer = await this.get(path);
      for (const [, href] of answer.text.matchAll(/href="([^"]+)"/g)) {
        const link = decodeHref(href);
        if (readingLink(baseId, link) && !this.seen.has(link)) queue.push(link);
      }
      for (const [, toggle] of answer.text.matchAll(/data-children="([^"]+)"/g)) {
        const fragment = decodeHref(toggle);
        if (this.seen.has(`${fragment} (fragment)`)) continue;
        this.seen.add(`${fragment} (fragment)`);
        const part = await this.get(fragment, { 'HX-Request': 'true' });
        for (const [, href] of part.text.matchAll(/(?:href|data-children)="([^"]+)"/g)) {
          const link = decodeHref(href);
          if (readingLink(baseId, link) && !this.seen.has(link)) queue.push(link);
        }
      }
    }
  }
}

/** What a visitor who may not see something gets: the sign-in page (anonymous) or not found. */
function expectRefused(kind: VisitorKind, answer: Answer): void {
  if (kind === 'anonymous') {
    // Sent to sign in (and back), or not found as an unknown page would be.
    const refused = answer.status === 404 || (answer.status === 303 && /\n\/signin\?next=/.test(answer.text));
    expect({ path: answer.path, status: answer.status, refused }).toEqual({ path: answer.path, status: answer.status, refused: true });
  } else {
    expect({ path: answer.path, status: answer.status }).toEqual({ path: answer.path, status: 404 });
  }
}

describeEachBackend('the visibility walk', (harness: () => Harness) => {
  const http = () => request(harness().app.getHttpServer());
  let fixture: Fixture;

  beforeAll(async () => {
    fixture = await makeFixture(harness());
  });

  async function walkBase(walk: Walk, kind: VisitorKind, base: FixtureBase): Promise<void> {
    const home = `/kb/${base.baseId}`;
    const member = isMember(kind, base);
    const baseVisible = mayRead(kind, base.view, member);
    const first = await walk.get(home);
    if (!baseVisible) {
      expectRefused(kind, first);
      if (kind === 'anonymous') expect(first.status).toBe(303);
    } else {
      expect({ path: first.path, status: first.status }).toEqual({ path: home, status: 200 });
      await walk.crawl(base.baseId, [home]);
    }
    const hidden = new Set(hiddenPages(kind, base));
    for (const page of base.pages) {
      const paths = [`${home}/pages/${page.contentId}`, `${home}/tree/${page.contentId}`, `${home}?open=${page.contentId}`, `${home}/pages/${page.contentId}?page=2`];
      for (const path of paths) {
        const answer = await walk.get(path);
        // The base home ignores an `open` it does not show; everything else of a hidden page is refused.
        if (hidden.has(page) && !(baseVisible && path.includes('?open='))) expectRefused(kind, answer);
        else expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      }
      const fragment = await walk.get(`${home}/tree/${page.contentId}`, { 'HX-Request': 'true' });
      if (hidden.has(page)) expectRefused(kind, fragment);
      else expect({ path: fragment.path, status: fragment.status }).toEqual({ path: fragment.path, status: 200 });
      for (const word of [page.titleMarker, page.bodyMarker]) {
        const answer = await walk.get(`${home}/search?q=${encodeURIComponent(word)}`);
        if (!baseVisible) expectRefused(kind, answer);
        // A page the visitor may read is found by the words of its title and of its body.
        else if (!hidden.has(page)) expect({ word, found: answer.text.includes(page.titleMarker) }).toEqual({ word, found: true });
      }
    }
    // Words many titles and bodies share, Japanese ones of one and two characters among them.
    for (const word of ['Guide', 'guide', 'Body', '手順', '手', '本文', '本', 'of', 'mark']) {
      for (const page of ['', '&page=2']) await walk.get(`${home}/search?q=${encodeURIComponent(word)}${page}`);
    }
  }

  it.each(visitorKinds)('shows %s no word of a page they may not read, and every page they may', async (kind) => {
    const walk = new Walk(http, fixture.cookies[kind]);
    const front = await walk.get('/');
    expect(front.status).toBe(200);
    for (const base of fixture.bases) {
      const listed = front.text.includes(`href="/kb/${base.baseId}"`);
      expect({ base: base.view, shared: base.shared, listed }).toEqual({ base: base.view, shared: base.shared, listed: mayRead(kind, base.view, isMember(kind, base)) });
      await walkBase(walk, kind, base);
    }

    const hidden = fixture.bases.flatMap((base) => hiddenPages(kind, base));
    const leaks: string[] = [];
    for (const answer of walk.answers) {
      for (const page of hidden) {
        for (const word of [page.titleMarker, page.bodyMarker]) {
          if (answer.text.includes(word)) leaks.push(`${answer.path} (${answer.status}) shows "${word}" of hidden page ${page.key} (${page.title})`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(hidden.length).toBeGreaterThan(0);

    // Every readable page is in the tree the walk opened (under its nearest visible ancestor).
    const treeHtml = walk.answers.filter((answer) => /^\/kb\/[^/?]+(\?|$)|\/tree\//.test(answer.path)).map((answer) => answer.text).join('\n');
    const missing = fixture.bases.flatMap((base) => visiblePages(kind, base))
      .filter((page) => !treeHtml.includes(`id="p-${page.contentId}"`))
      .map((page) => `${page.key} (${page.title})`);
    expect(missing).toEqual([]);
  });
});
