// The page answers as documented; mappers build plain objects of these shapes.
import { ApiProperty } from '@nestjs/swagger';
import { contentTypes, langs, views } from '../../vocabulary';

const TIMESTAMP = { type: String, format: 'date-time', description: 'UTC, ISO 8601 with milliseconds' } as const;

export class PageResponse {
  @ApiProperty({ description: 'Page identifier: 6 lowercase letters and digits' }) content_id: string;
  @ApiProperty() title: string;
  @ApiProperty({ description: 'Markdown source for M; sanitized HTML for H; text for T' }) body: string;
  @ApiProperty({ enum: contentTypes, description: 'T = text, H = HTML, M = Markdown' }) type: string;
  @ApiProperty({ type: 'integer', description: 'Hierarchy depth, 0 = root' }) level: number;
  @ApiProperty({ type: [String], description: 'Titles from the root down to this page, its own last' }) path: string[];
  @ApiProperty({ enum: langs }) lang: string;
  @ApiProperty({ enum: views, nullable: true, type: String, description: "The page's own visibility, null when it inherits the base's" }) view: string | null;
  @ApiProperty(TIMESTAMP) created_at: string;
  @ApiProperty(TIMESTAMP) updated_at: string;
}

export class PageSummaryResponse {
  @ApiProperty({ description: 'Page identifier' }) content_id: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: contentTypes }) type: string;
  @ApiProperty({ type: 'integer' }) level: number;
  @ApiProperty({ type: 'integer', description: 'Display position in the knowledge base, 0 first, without gaps' }) order: number;
  @ApiProperty({ enum: langs }) lang: string;
  @ApiProperty(TIMESTAMP) updated_at: string;
}

export class PageListResponse {
  @ApiProperty({ type: [PageSummaryResponse] }) pages: PageSummaryResponse[];
  @ApiProperty({ type: 'integer', description: 'The full count, whatever limit and offset say' }) total: number;
}
