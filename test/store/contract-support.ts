// Shared helpers of the store contract: one store per theme, fresh bases, pages built through the
// Store interface only, and a deterministic clock so ordering by updatedAt can be asserted.
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { prepareContent, prepareTitle } from '../../src/content/prepare.ts';
import { DomainError } from '../../src/domain/errors.ts';
import type { ContentType, Lang, PageDetail } from '../../src/domain/types.ts';
import type { NewPage, PageChanges, Store } from '../../src/store/store.ts';

export type OpenStore = () => Promise<{ store: Store; dispose(): Promise<void> }>;

/** Opens one store for the enclosing describe; tests keep apart by using their own bases. */
export function useStore(open: OpenStore): () => Store {
  let opened: Awaited<ReturnType<OpenStore>> | undefined;
  before(async () => { opened = await open(); });
  after(async () => { await opened?.dispose(); });
  return () => {
    if (!opened) throw new Error('the store is not open yet');
    return opened.store;
  };
}

// A tag per process keeps ids apart when a backend's database outlives one run.
const runTag = randomBytes(3).toString('hex');
let counter = 0;

export function uniqueBaseId(): string {
  return `kb-${runTag}-${(++counter).toString(36)}`;
}

export function uniqueEmail(): string {
  return `user-${runTag}-${++counter}@example.com`;
}

/** Content ids are 6 lowercase letters and digits; unique within this process. */
export function nextContentId(): string {
  return `c${(++counter).toString(36).padStart(5, '0')}`;
}

/** A generator that hands out the given ids in turn, then fresh ones; `calls` counts the asks. */
export function idSequence(...ids: string[]): { next: () => string; calls: () => number } {
  let calls = 0;
  return {
    next: () => ids[calls++] ?? nextContentId(),
    calls: () => calls,
  };
}

const epoch = Date.parse('2026-11-21T09:00:00.000Z');
let clockTicks = 0;

/** A timestamp later than every one handed out before in this process. */
export function later(): string {
  return new Date(epoch + ++clockTicks * 1000).toISOString();
}

/** A clock for one scenario: `at(n)` is n milliseconds after its start. */
export function scenarioClock(): (ms: number) => string {
  const start = epoch + ++clockTicks * 1000;
  clockTicks += 3600;
  return (ms) => new Date(start + ms).toISOString();
}

export async function newBase(store: Store): Promise<string> {
  const baseId = uniqueBaseId();
  await store.createBase({ baseId, description: `Contract base ${baseId}`, view: 'L' }, later());
  return baseId;
}

export interface PageFields {
  title: string;
  body?: string;
  type?: ContentType;
  lang?: Lang;
  now?: string;
}

/** A NewPage with its search text prepared the way the use cases prepare it. */
export function newPage(fields: PageFields): NewPage {
  const type = fields.type ?? 'T';
  return {
    ...prepareContent(type, fields.body ?? ''),
    title: fields.title,
    searchTitle: prepareTitle(fields.title),
    type,
    lang: fields.lang ?? 'en',
    now: fields.now ?? later(),
  };
}

/** The changes of a title and/or body edit, search text included. */
export function contentChanges(current: { type: ContentType }, edit: { title?: string; body?: string }): PageChanges {
  const changes: PageChanges = {};
  if (edit.title !== undefined) Object.assign(changes, { title: edit.title, searchTitle: prepareTitle(edit.title) });
  if (edit.body !== undefined) Object.assign(changes, prepareContent(current.type, edit.body));
  return changes;
}

export function addPage(store: Store, baseId: string, fields: PageFields, contentId?: string): Promise<PageDetail> {
  return store.createPage(baseId, newPage(fields), contentId ? idSequence(contentId).next : nextContentId);
}

export async function setLevel(store: Store, baseId: string, contentId: string, level: number): Promise<void> {
  const page = await store.updatePage(baseId, contentId, () => ({ level }), later());
  if (!page) throw new Error(`no live page ${contentId} to set to level ${level}`);
}

/**
 * Builds an outline from a compact spec, 'A0 B1 C2' being A at level 0, B at 1, C at 2, by
 * creating each page and then setting its level. Returns the content ids by title.
 */
export async function buildOutline(store: Store, baseId: string, spec: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const token of spec.split(/\s+/).filter(Boolean)) {
    const [, title, level] = token.match(/^(\D+)(\d+)$/)!;
    const page = await addPage(store, baseId, { title });
    if (Number(level) > 0) await setLevel(store, baseId, page.contentId, Number(level));
    ids[title] = page.contentId;
  }
  return ids;
}

/** The live outline in the same compact form, read through listPages. */
export async function outlineSpec(store: Store, baseId: string): Promise<string> {
  const { pages } = await store.listPages(baseId, {});
  return pages.map((p) => `${p.title}${p.level}`).join(' ');
}

export function isBadRequest(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'BAD_REQUEST';
}
