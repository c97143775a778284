// Pages: the endpoints and the outline writes. Their writes keep the search index in step through
// the SearchIndex port (search-index.port.ts), which another module provides: the app names it
// (withSearchIndex), so pages import nothing of search, which reads pages through their query files.
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrderModule } from '../order/order.module';
import { AncestorPaths } from './ancestor-paths';
import { KeptBodies } from './kept-bodies';
import { PageMovesRepository } from './page-moves.repository';
import { PageMovesService } from './page-moves.service';
import { PagePurgeService } from './page-purge.service';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';
import { TrashService } from './trash.service';

@Module({
  imports: [AuthModule, OrderModule],
  controllers: [PagesController],
  providers: [PagesService, PagesRepository, AncestorPaths, KeptBodies, PageMovesService, PageMovesRepository, TrashService, PagePurgeService],
  // The web UI's use cases, beside the REST API's.
  exports: [PagesService, PageMovesService, PageMovesRepository, TrashService, PagePurgeService],
})
export class PagesModule {
  /** The pages module with `indexModule`, which must export SearchIndex. */
  static withSearchIndex(indexModule: Type<unknown>): DynamicModule {
    return { module: PagesModule, imports: [indexModule] };
  }
}
