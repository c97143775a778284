// The addresses of a base's pages that the writing pages link and redirect to.
const base = (baseId: string) => `/kb/${encodeURIComponent(baseId)}`;
const page = (baseId: string, contentId: string) => `${base(baseId)}/pages/${encodeURIComponent(contentId)}`;

export const kbPaths = {
  home: base,
  page,
  newPage: (baseId: string) => `${base(baseId)}/new`,
  edit: (baseId: string, contentId: string) => `${page(baseId, contentId)}/edit`,
  delete: (baseId: string, contentId: string) => `${page(baseId, contentId)}/delete`,
  preview: (baseId: string) => `${base(baseId)}/preview`,
  trash: (baseId: string, pageNumber = 1) => `${base(baseId)}/trash${pageNumber > 1 ? `?page=${pageNumber}` : ''}`,
  restore: (baseId: string, contentId: string) => `${base(baseId)}/trash/${encodeURIComponent(contentId)}/restore`,
  deleteForever: (baseId: string, contentId: string) => `${base(baseId)}/trash/${encodeURIComponent(contentId)}/delete-forever`,
};
