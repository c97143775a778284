// Helpers of the service tests: the page, tree and base services of a harness's app (a real,
// migrated database per backend), fresh bases, and outlines written compactly as 'A0 B1 C2'
// (page A at level 0, B at level 1, C at level 2, in display order).
import { BasesService } from '../../src/bases/bases.service';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { DomainError } from '../../src/errors/domain-error';
import { PagesRepository } from '../../src/pages/pages.repository';
import { PagesService, type NewPageInput, type Paging } from '../../src/pages/pages.service';
import { SearchIndex } from '../../src/pages/search-index.port';
import { TreeRowsQuery } from '../../src/pages/tree-rows.query';
import { TreeService } from '../../src/tree/tree.service';
import { insertBase, uniqueName, type Harness } from '../support/e2e';

export class Services {
  readonly pages: PagesService;
  readonly repository: PagesRepository;
  readonly trees: TreeRowsQuery;
  readonly treeService: TreeService;
  readonly bases: BasesService;
  readonly searchIndex: SearchIndex;
  readonly db: UnitOfWork;

  constructor(harness: Harness) {
    const { app } = harness;
    this.pages = app.get(PagesService);
    this.repository = app.get(PagesRepository);
    this.trees = app.get(TreeRowsQuery);
    this.treeService = app.get(TreeService);
    this.bases = app.get(BasesService);
    this.searchIndex = app.get(SearchIndex);
    this.db = app.get(UnitOfWork);
  }

  async newBase(): Promise<string> {
    const baseId = uniqueName();
    await insertBase(this.db, baseId);
    return baseId;
  }

  addPage(baseId: string, fields: Partial<NewPageInput> & { title: string }) {
    return this.pages.create(baseId, { body: '', type: 'T', lang: 'en', ...fields });
  }

  async setLevel(baseId: string, contentId: string, level: number): Promise<void> {
    await this.pages.update(baseId, contentId, { level });
  }

  /** The live page count the base row keeps (what info's total_pages answers). */
  async countPages(baseId: string): Promise<number> {
    return (await this.bases.find(baseId))!.livePages;
  }

  /** The outline version of the base row, as a request's access reads it. */
  async outlineVersion(baseId: string): Promise<number> {
    const [row] = await this.db.reader.query('SELECT outline_version FROM bases WHERE base_id = ?', [baseId]);
    return Number(row.outline_version);
  }

  list(baseId: string, paging: Paging = {}) {
    return this.pages.list(baseId, paging);
  }

  /** Builds an outline from a spec such as 'A0 B1 C2': creates each page, then sets its level. */
  async buildOutline(baseId: string, spec: string): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const token of spec.split(/\s+/).filter(Boolean)) {
      const [, title, level] = /^(\D+)(\d+)$/.exec(token)!;
      const page = await this.addPage(baseId, { title });
      if (Number(level) > 0) await this.setLevel(baseId, page.contentId, Number(level));
      ids[title] = page.contentId;
    }
    return ids;
  }

  /** The live outline in the same compact form, read through the list. */
  async outlineSpec(baseId: string): Promise<string> {
    return (await this.list(baseId)).pages.map((p) => `${p.title}${p.level}`).join(' ');
  }

  async pathOf(baseId: string, contentId: string): Promise<string[]> {
    return (await this.pages.detail(baseId, contentId)).path;
  }
}

export function isDomainError(code: string): (error: unknown) => boolean {
  return (error) => error instanceof DomainError && error.code === code;
}

/** Resolves to the error `promise` rejects with; fails when it fulfils. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

export async function expectDomainError(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
}
