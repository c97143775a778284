// Pages of a knowledge base: list, detail, create, partial update, soft delete.
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse, ApiTags, ApiUnsupportedMediaTypeResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { API_PREFIX } from '../http/api-prefix';
import { CurrentAccess, type GrantedAccess } from '../http/decorators/current-access';
import { JsonBody } from '../http/decorators/json-body';
import { Auth, ConfirmsKeptAccess } from '../http/decorators/protection';
import { ErrorResponse } from '../http/error.response';
import { AnswerWithAccess } from '../http/kept-access-retry';
import { CreatePageDto } from './dto/create-page.dto';
import { PagingQueryDto } from './dto/list-query.dto';
import { PageListResponse, PageResponse } from './dto/page.response';
import { UpdatePageDto } from './dto/update-page.dto';
import { newPageInputOf, pageChangesOf } from './page-input';
import { toPageListResponse, toPageResponse } from './page.mapper';
import { PagesService } from './pages.service';

@ApiTags('pages')
@Controller(`${API_PREFIX.slice(1)}/bases/:base_id/pages`)
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get()
  @Auth()
  @ApiOperation({ operationId: 'listPages', summary: 'Live pages in display order' })
  @ApiOkResponse({ type: PageListResponse })
  @ApiBadRequestResponse({ description: 'limit or offset is not such an integer', type: ErrorResponse })
  async list(@CurrentAccess() access: GrantedAccess, @Query() query: PagingQueryDto): Promise<PageListResponse> {
    return toPageListResponse(await this.pages.list(access.baseId, query, access.base.outlineVersion));
  }

  @Get(':content_id')
  @Auth()
  @ConfirmsKeptAccess()
  @ApiOperation({ operationId: 'getPage', summary: 'Page detail' })
  @ApiOkResponse({ type: PageResponse })
  detail(@AnswerWithAccess() answer: AnswerWithAccess, @Param('content_id') contentId: string): Promise<PageResponse> {
    return answer(async (access) => {
      const hints = { outlineVersion: access.base.outlineVersion, unconfirmed: access.unconfirmed, stamp: access.stamp };
      return toPageResponse(await this.pages.detail(access.baseId, contentId, hints));
    });
  }

  @Post()
  @Auth('write')
  @JsonBody()
  @ApiOperation({ operationId: 'createPage', summary: 'Create a page at the end of the base, level 0' })
  @ApiCreatedResponse({
    type: PageResponse,
    description: 'The new page; Location names it',
    headers: { Location: { description: '/api/v1/bases/{base_id}/pages/{content_id} of the new page', schema: { type: 'string' } } },
  })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse })
  @ApiPayloadTooLargeResponse({ type: ErrorResponse })
  async create(
    @CurrentAccess() access: GrantedAccess,
    @Body() body: CreatePageDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PageResponse> {
    const page = await this.pages.create(access.baseId, newPageInputOf(body));
    response.status(201).setHeader('Location', `${API_PREFIX}/bases/${page.baseId}/pages/${page.contentId}`);
    return toPageResponse(page);
  }

  @Patch(':content_id')
  @Auth('write')
  @JsonBody()
  @ApiOperation({ operationId: 'updatePage', summary: 'Change some fields of a page' })
  @ApiOkResponse({ type: PageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse })
  @ApiPayloadTooLargeResponse({ type: ErrorResponse })
  async update(
    @CurrentAccess() access: GrantedAccess,
    @Param('content_id') contentId: string,
    @Body() body: UpdatePageDto,
  ): Promise<PageResponse> {
    return toPageResponse(await this.pages.update(access.baseId, contentId, pageChangesOf(body)));
  }

  @Delete(':content_id')
  @Auth('write')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deletePage', summary: 'Soft-delete a page; its children move up one level' })
  @ApiNoContentResponse({ description: 'Deleted' })
  delete(@CurrentAccess() access: GrantedAccess, @Param('content_id') contentId: string): Promise<void> {
    return this.pages.delete(access.baseId, contentId, access.userId);
  }
}
