// Search: the endpoint, and the index that page writes keep in step (exported as SearchIndex, the
// pages module's port in pages/search-index.port.ts, which PagesService calls inside its transactions).
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BasesModule } from '../bases/bases.module';
import { OrderModule } from '../order/order.module';
import { SearchIndex } from '../pages/search-index.port';
import { SearchPagesQuery } from '../pages/search-pages.query';
import { SearchIndexService } from './search-index.service';
import { SearchMatcher } from './search-matcher';
import { SearchRanking } from './search-rank';
import { KeptRankKeys } from './kept-rank-keys';
import { KeptPendingTexts } from './kept-pending-texts';
import { KeptPostings } from './kept-postings';
import { KeptSummaries } from './kept-summaries';
import { KeptWords } from './kept-words';
import { MergesAtStart } from './merges-at-start';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  imports: [AuthModule, BasesModule, OrderModule],
  controllers: [SearchController],
  providers: [
    SearchService, SearchMatcher, SearchRanking, KeptRankKeys, KeptPendingTexts, KeptSummaries, KeptWords, KeptPostings, SearchRepository, SearchPagesQuery, SearchIndexService, MergesAtStart,
    { provide: SearchIndex, useExisting: SearchIndexService },
  ],
  // SearchService: the web UI's reading (src/reading) searches with the same rules as the API.
  exports: [SearchIndex, SearchService],
})
export class SearchModule {}
