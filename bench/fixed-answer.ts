// The fixed answer both ceilings send: a JSON page detail of the benchmark corpus (about 2.3 KB),
// shaped and sized like the service's detail answers, so the load generator reads the same amount.
import { generatePages } from './corpus';

export function fixedAnswer(): Record<string, unknown> {
  const page = generatePages(1, 1).next().value!;
  return {
    content_id: 'abc123',
    title: page.title,
    body: page.body,
    type: page.type,
    level: 2,
    path: ['運用', '設定', page.title],
    lang: page.lang,
    view: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}
