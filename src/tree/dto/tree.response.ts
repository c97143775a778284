import { ApiProperty } from '@nestjs/swagger';

export class TreeNodeResponse {
  @ApiProperty({ description: 'Page identifier' }) content_id: string;
  @ApiProperty() title: string;
  @ApiProperty({ type: 'integer' }) level: number;
  @ApiProperty({ type: () => [TreeNodeResponse], description: 'Child nodes; empty when none' }) children: TreeNodeResponse[];
}

export class TreeResponse {
  @ApiProperty({ type: [TreeNodeResponse], description: 'Pages of level 0, 1 and 2, nested; deeper pages are left out' })
  tree: TreeNodeResponse[];
}
