// Display order: position keys and a bitmap of the live positions of each block (src/outline/positions.ts).
// Pages and search read orders, and page writes mark positions, through DisplayOrder alone.
import { Module } from '@nestjs/common';
import { DisplayOrder } from './display-order.service';
import { LiveBlocksRepository } from './live-blocks.repository';

@Module({
  providers: [DisplayOrder, LiveBlocksRepository],
  exports: [DisplayOrder],
})
export class OrderModule {}
