import { Module } from '@nestjs/common';
import { SearchModule } from '../search/search.module';
import { PagesController } from './pages.controller';
import { PagesRepository } from './pages.repository';
import { PagesService } from './pages.service';

@Module({
  imports: [SearchModule],
  controllers: [PagesController],
  providers: [PagesService, PagesRepository],
  exports: [PagesRepository],
})
export class PagesModule {}
