// Placeholder until the search module lands: an index that does nothing.
import { Module } from '@nestjs/common';
import { SearchIndex } from './search-index';

class NoSearchIndex extends SearchIndex {
  async pageTextsChanged(): Promise<void> {}
  async pageDeleted(): Promise<void> {}
}

@Module({ providers: [{ provide: SearchIndex, useClass: NoSearchIndex }], exports: [SearchIndex] })
export class SearchModule {}
