import { ApiProperty } from '@nestjs/swagger';
import { PageSummaryResponse } from '../../pages/dto/page.response';

export class SearchResponse {
  @ApiProperty({ type: [PageSummaryResponse], description: 'Title matches first, then newest updated_at, then display order' })
  pages: PageSummaryResponse[];

  @ApiProperty({ type: 'integer', description: 'The full count of matching pages, whatever limit and offset say' })
  total: number;

  @ApiProperty({ description: 'The parameter q as sent' })
  keywords: string;
}
