// Pages: the endpoints and the outline writes. Their writes keep the search index in step through
// the SearchIndex port (search-index.port.ts), which another module provides: the app names it
// (withSearchIndex), so pages import nothing of search, which reads pages through their query files.
import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrderModule } from '../order/order.module';
import { AncestorPaths } from './ancestor-paths';
import { KeptBodies } from './kept-bodies';
import { OutlineRowsQuery } from './outline-rows.query';
import { PageMovesRepository } from './page-moves.repository';
import { PageMovesService } from './page-moves.service';
import { PagePurgeService } from './page-purge.service';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';
import { TrashRepository } from './trash.repository';
import { TrashService } from './trash.service';

@Module({
  imports: [AuthModule, OrderModule],
  controllers: [PagesController],
  providers: [PagesService, PagesRepository, AncestorPaths, KeptBodies, PageMovesService, PageMovesRepository, TrashService, TrashRepository, PagePurgeService, OutlineRowsQuery],
  // The web UI's use cases, beside the REST API's; the reading module's outline reads (OutlineRowsQuery).
  exports: [PagesService, PageMovesService, PageMovesRepository, TrashService, TrashRepository, PagePurgeService, OutlineRowsQuery],
})
export class PagesModule {
  // Nest tells dynamic modules apart by reference: each new object would be another PagesModule,
  // with its own services (and caches) and its controller's routes declared again.
  private static readonly withIndex = new Map<Type<unknown>, DynamicModule>();

  /** The pages module with `indexModule`, which must export SearchIndex: one and the same for every importer. */
  static withSearchIndex(indexModule: Type<unknown>): DynamicModule {
    let module = PagesModule.withIndex.get(indexModule);
    if (!module) {
      module = { module: PagesModule, imports: [indexModule] };
      PagesModule.withIndex.set(indexModule, module);
    }
    return module;
  }
}
