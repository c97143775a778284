// Display order: position keys and the live page counts of their blocks (src/outline/positions.ts).
// PagesModule keeps the counts in its writes; pages and search read orders through DisplayOrder.
import { Module } from '@nestjs/common';
import { DisplayOrder } from './display-order.service';
import { LiveBlocksRepository } from './live-blocks.repository';

@Module({
  providers: [DisplayOrder, LiveBlocksRepository],
  exports: [DisplayOrder, LiveBlocksRepository],
})
export class OrderModule {}
