// The error envelope as documented in the OpenAPI document.
import { ApiProperty } from '@nestjs/swagger';

export class ErrorDetail {
  @ApiProperty({ description: 'Stable error code, for example BAD_REQUEST', example: 'BAD_REQUEST' })
  code: string;

  @ApiProperty({ description: 'What went wrong and what to fix, in plain words' })
  message: string;
}

export class ErrorResponse {
  @ApiProperty({ type: ErrorDetail })
  error: ErrorDetail;
}
