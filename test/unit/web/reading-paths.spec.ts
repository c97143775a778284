// The reading pages' addresses and paging, as plain functions.
import { contentIdParam, pageWindow, pagingLinks, sameBaseNext, withQuery } from '../../../src/web/reading/reading-paths';

describe('pageWindow', () => {
  it.each([
    [undefined, 1, 0], ['1', 1, 0], ['3', 3, 100], ['0', 1, 0], ['-2', 1, 0], ['2.5', 1, 0], ['abc', 1, 0], [['2', '3'], 1, 0], ['99999999999', 1, 0],
  ])('?page=%j is window %i at offset %i', (query, page, offset) => {
    expect(pageWindow(query)).toEqual({ page, offset, limit: 50 });
  });
});

describe('pagingLinks', () => {
  const href = (page: number) => `/kb/b?page=${page}`;

  it('has none for a list that fits one window', () => {
    expect(pagingLinks(0, 1, href)).toBeUndefined();
    expect(pagingLinks(50, 1, href)).toBeUndefined();
  });

  it('links first and previous, next and last where they exist', () => {
    expect(pagingLinks(120, 1, href)).toEqual({ page: 1, pages: 3, next: href(2), last: href(3) });
    expect(pagingLinks(120, 2, href)).toEqual({ page: 2, pages: 3, first: href(1), previous: href(1), next: href(3), last: href(3) });
    expect(pagingLinks(120, 3, href)).toEqual({ page: 3, pages: 3, first: href(1), previous: href(2) });
  });

  it('leads back from a window past the end', () => {
    expect(pagingLinks(10, 7, href)).toEqual({ page: 7, pages: 1, first: href(1), previous: href(1) });
  });
});

describe('withQuery', () => {
  it('leaves out empty values and the first window', () => {
    expect(withQuery('/kb/b', { page: 1, open: undefined })).toBe('/kb/b');
    expect(withQuery('/kb/b/search', { q: '手順 & more', page: 2 })).toBe('/kb/b/search?q=%E6%89%8B%E9%A0%86+%26+more&page=2');
  });
});

describe('contentIdParam', () => {
  it.each([['abc123', 'abc123'], ['', undefined], ['a/b', undefined], ['"><x', undefined], [['a', 'b'], undefined], [undefined, undefined]])('%j', (value, expected) => {
    expect(contentIdParam(value)).toBe(expected);
  });
});

describe('sameBaseNext', () => {
  it.each([
    ['/kb/b', '/kb/b'], ['/kb/b?page=2&open=x', '/kb/b?page=2&open=x'], ['/kb/b/pages/x', '/kb/b/pages/x'],
    ['/kb/bb', '/kb/b'], ['/kb/other', '/kb/b'], ['//evil.example/', '/kb/b'], ['https://evil.example/kb/b', '/kb/b'],
    ['/kb/b/\\evil', '/kb/b'], ['/kb/b\n', '/kb/b'], [undefined, '/kb/b'], [['/kb/b/x'], '/kb/b'],
  ])('%j → %j', (next, expected) => {
    expect(sameBaseNext('b', next)).toBe(expected);
  });
});
