// Search results to the contract's JSON.
import { toSummaryResponse } from '../pages/page.mapper';
import type { SearchResponse } from './dto/search.response';
import type { SearchResult } from './search.service';

export function toSearchResponse(result: SearchResult, keywords: string): SearchResponse {
  return { pages: result.pages.map(toSummaryResponse), total: result.total, keywords };
}
