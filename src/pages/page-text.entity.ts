// A page's texts: the body as stored, its rendered HTML (Markdown pages) and the normalised
// texts that search matches against. Described here, used in SQL (see page.entity.ts).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('page_texts')
export class PageTextEntity {
  @PrimaryColumn({ name: 'page_id', type: 'int' })
  pageId: number;

  @Column({ type: 'text' })
  body: string;

  @Column({ name: 'body_html', type: 'text', nullable: true })
  bodyHtml: string | null;

  @Column({ name: 'search_title', type: 'text' })
  searchTitle: string;

  @Column({ name: 'search_body', type: 'text' })
  searchBody: string;
}
