import { Module } from '@nestjs/common';
import { BasesController } from './bases.controller';
import { BasesRepository } from './bases.repository';
import { BasesService } from './bases.service';

@Module({
  controllers: [BasesController],
  providers: [BasesService, BasesRepository],
  exports: [BasesService],
})
export class BasesModule {}
