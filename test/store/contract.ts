// The store contract: one suite that every Store implementation must pass, written against the
// Store interface only. A backend's test file calls storeContract with a function that opens a
// fresh, migrated store; each theme opens its own and keeps its tests apart by using new bases.
import { describe } from 'node:test';
import { concurrencyContract } from './contract-concurrency.ts';
import { identityContract } from './contract-identity.ts';
import { outlineModelContract } from './contract-outline-model.ts';
import { outlineContract } from './contract-outline.ts';
import { pagesContract } from './contract-pages.ts';
import { searchModelContract } from './contract-search-model.ts';
import { searchContract } from './contract-search.ts';
import type { OpenStore } from './contract-support.ts';

export type { OpenStore } from './contract-support.ts';

export function storeContract(name: string, open: OpenStore): void {
  describe(name, () => {
    identityContract(open);
    pagesContract(open);
    outlineContract(open);
    searchContract(open);
    concurrencyContract(open);
    outlineModelContract(open);
    searchModelContract(open);
  });
}
