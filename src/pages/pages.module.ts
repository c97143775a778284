import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { OrderModule } from '../order/order.module';
import { SearchModule } from '../search/search.module';
import { AncestorPaths } from './ancestor-paths';
import { KeptBodies } from './kept-bodies';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';

@Module({
  imports: [AuthModule, OrderModule, SearchModule],
  controllers: [PagesController],
  providers: [PagesService, PagesRepository, AncestorPaths, KeptBodies],
  exports: [PagesRepository],
})
export class PagesModule {}
