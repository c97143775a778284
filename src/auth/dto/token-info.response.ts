import { ApiProperty } from '@nestjs/swagger';
import { scopes } from '../../vocabulary';

/** What the calling token may do, so a script can check its token before it needs it. */
export class TokenInfoResponse {
  @ApiProperty({ description: 'Token identifier, as `kbp token list` shows it' }) token_id: string;
  @ApiProperty({ description: 'The knowledge base the token is bound to' }) base_id: string;
  @ApiProperty({ enum: scopes, description: 'read, or write (read + write)' }) scope: string;
  @ApiProperty({ type: String, format: 'date-time', description: 'When the token stops working (UTC)' }) expires_at: string;
}
