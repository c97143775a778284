import { ApiProperty } from '@nestjs/swagger';
import { views } from '../../vocabulary';

export class BaseInfoResponse {
  @ApiProperty() base_id: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: views, description: 'O = public, L = members only, I = logged-in users only' }) view: string;
  @ApiProperty({ type: 'integer', description: 'Number of live pages' }) total_pages: number;
}
