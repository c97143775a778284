// The addresses of a knowledge base's pages, each segment encoded: one place for every page that
// links or redirects to another.
const base = (baseId: string) => `/kb/${encodeURIComponent(baseId)}`;
const page = (baseId: string, contentId: string) => `${base(baseId)}/pages/${encodeURIComponent(contentId)}`;
const members = (baseId: string) => `${base(baseId)}/members`;

export const kbPaths = {
  home: base,
  page,
  tree: (baseId: string, contentId: string) => `${base(baseId)}/tree/${encodeURIComponent(contentId)}`,
  newPage: (baseId: string) => `${base(baseId)}/new`,
  edit: (baseId: string, contentId: string) => `${page(baseId, contentId)}/edit`,
  delete: (baseId: string, contentId: string) => `${page(baseId, contentId)}/delete`,
  preview: (baseId: string) => `${base(baseId)}/preview`,
  trash: (baseId: string, pageNumber = 1) => `${base(baseId)}/trash${pageNumber > 1 ? `?page=${pageNumber}` : ''}`,
  restore: (baseId: string, contentId: string) => `${base(baseId)}/trash/${encodeURIComponent(contentId)}/restore`,
  deleteForever: (baseId: string, contentId: string) => `${base(baseId)}/trash/${encodeURIComponent(contentId)}/delete-forever`,
  members,
  removeMember: (baseId: string, userId: number) => `${members(baseId)}/${userId}/remove`,
  settings: (baseId: string) => `${base(baseId)}/settings`,
};

/** The links between a base's pages that its owners see on the members and settings pages. */
export function ownerNavPaths(baseId: string): { pages: string; members: string; settings: string } {
  return { pages: kbPaths.home(baseId), members: kbPaths.members(baseId), settings: kbPaths.settings(baseId) };
}
