// How other modules' statements read pages, where joining them into their own statement saves a
// statement (on MySQL/MariaDB a round trip): the pages module builds these fragments, so the SQL
// of its tables stays in its files. A page's row is `p`.
import type { SqlSource } from '../database/sql-source';

/**
 * The page a write has just appended to the base (PagesRepository.append), found by its content id
 * so that the write waits for no page id: `p`, none when the base was gone.
 */
export function appendedPage(baseId: string, contentId: string): SqlSource {
  return { from: 'pages p', where: 'p.base_id = ? AND p.content_id = ?', params: [baseId, contentId] };
}
