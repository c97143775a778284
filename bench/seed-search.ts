// The search index of a bulk-seeded base, built by the search module's own bulk path (rebuild:
// every live page of the base indexed from scratch, each posting chunk written once) in one unit
// of work, instead of a pending row per page folded in by later writes.
import type { UnitOfWork } from '../src/database/unit-of-work';
import { SearchIndexService } from '../src/search/search-index.service';
import { SearchRepository } from '../src/search/search.repository';

export async function buildSearchIndex(db: UnitOfWork, baseId: string): Promise<void> {
  const index = new SearchIndexService(new SearchRepository());
  await index.rebuild(db, baseId);
}
