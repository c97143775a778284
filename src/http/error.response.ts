// The error envelope as documented in the OpenAPI document.
import { ApiProperty } from '@nestjs/swagger';
import { errorStatus } from '../errors/error-codes';

export class ErrorDetail {
  @ApiProperty({ enum: Object.keys(errorStatus), description: 'Stable error code', example: 'BAD_REQUEST' })
  code: string;

  @ApiProperty({ description: 'What went wrong and what to fix, in plain words' })
  message: string;
}

export class ErrorResponse {
  @ApiProperty({ type: ErrorDetail })
  error: ErrorDetail;
}
