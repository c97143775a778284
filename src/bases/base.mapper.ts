import type { View } from '../vocabulary';
import type { BaseInfoResponse } from './dto/base-info.response';

/** What a base's summary shows (the guard chain's access read already holds it). */
export interface BaseInfo {
  baseId: string;
  description: string;
  view: View;
  livePages: number;
}

export function toBaseInfoResponse(base: BaseInfo): BaseInfoResponse {
  return { base_id: base.baseId, description: base.description, view: base.view, total_pages: base.livePages };
}
