// Search of a knowledge base's live pages.
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_PREFIX } from '../http/api-prefix';
import { Auth, ConfirmsKeptAccess } from '../http/decorators/protection';
import { ErrorResponse } from '../http/error.response';
import { AnswerWithAccess } from '../http/kept-access-retry';
import { SearchQueryDto } from './dto/search-query.dto';
import { SearchResponse } from './dto/search.response';
import { toSearchResponse } from './search.mapper';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id`)
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('search')
  @Auth()
  @ConfirmsKeptAccess()
  @ApiOperation({ operationId: 'searchPages', summary: 'Live pages holding every keyword in title or body' })
  @ApiOkResponse({ type: SearchResponse })
  @ApiBadRequestResponse({ description: 'q missing or without keywords, limit or offset not such an integer, or an unknown parameter', type: ErrorResponse })
  find(@AnswerWithAccess() answer: AnswerWithAccess, @Query() query: SearchQueryDto): Promise<SearchResponse> {
    return answer(async (access) => toSearchResponse(await this.search.find(access.baseId, query.q, query, access.base.livePages, access.unconfirmed), query.q));
  }
}
