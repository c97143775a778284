// Reading for the web UI: what each visitor may see of a base (ReadingService).
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BasesModule } from '../bases/bases.module';
import { PagesModule } from '../pages/pages.module';
import { SearchModule } from '../search/search.module';
import { KeptOutlines } from './kept-outlines';
import { ReadingService } from './reading.service';

@Module({
  imports: [AuthModule, BasesModule, PagesModule.withSearchIndex(SearchModule), SearchModule],
  providers: [ReadingService, KeptOutlines],
  exports: [ReadingService],
})
export class ReadingModule {}
