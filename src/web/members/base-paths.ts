// The paths of a knowledge base's pages, its id and each segment encoded.
export function basePath(baseId: string, ...segments: string[]): string {
  return ['/kb', baseId, ...segments].map((segment, i) => (i === 0 ? segment : encodeURIComponent(segment))).join('/');
}

export type BaseSection = 'members' | 'settings';

/** The links between a base's pages that its owners see on the members and settings pages. */
export function navPaths(baseId: string): { pages: string; members: string; settings: string } {
  return { pages: basePath(baseId), members: basePath(baseId, 'members'), settings: basePath(baseId, 'settings') };
}
