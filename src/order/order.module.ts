// Display order: position keys and a bitmap of the live positions of each block (src/outline/positions.ts).
// PagesModule keeps the bitmaps in its writes; pages and search read orders through DisplayOrder.
import { Module } from '@nestjs/common';
import { DisplayOrder } from './display-order.service';
import { LiveBlocksRepository } from './live-blocks.repository';

@Module({
  providers: [DisplayOrder, LiveBlocksRepository],
  exports: [DisplayOrder, LiveBlocksRepository],
})
export class OrderModule {}
