// Soft delete: the page leaves the outline and its descendants move up one level.
import { pageNotFound } from '../domain/errors.ts';
import type { Store } from '../store/store.ts';

export async function deletePage(store: Store, baseId: string, contentId: string): Promise<void> {
  if (!(await store.deletePage(baseId, contentId, new Date().toISOString()))) throw pageNotFound();
}
