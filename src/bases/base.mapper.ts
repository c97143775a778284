import type { AccessBase } from '../auth/access';
import type { BaseInfoResponse } from './dto/base-info.response';

export function toBaseInfoResponse(base: AccessBase): BaseInfoResponse {
  return { base_id: base.baseId, description: base.description, view: base.view, total_pages: base.livePages };
}
