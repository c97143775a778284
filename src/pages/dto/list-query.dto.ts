import { QueryIntegerField } from '../../http/fields';

export const MAX_LIMIT = 1000;

/** Optional paging of a list: without it, the whole list. */
export class PagingQueryDto {
  @QueryIntegerField(1, MAX_LIMIT, `How many pages to return, 1 to ${MAX_LIMIT}; default all`)
  limit?: number;

  @QueryIntegerField(0, undefined, 'How many pages to skip; default 0')
  offset?: number;
}
