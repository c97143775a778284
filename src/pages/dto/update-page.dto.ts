import { EnumField, IntegerField, TextField } from '../../http/fields';
import { MAX_LEVEL } from '../../outline/limits';
import { contentTypes, langs, MAX_TITLE_LENGTH, views, type ContentType, type Lang, type View } from '../../vocabulary';

/** Every field optional, at least one required; only the sent fields change. */
export class UpdatePageDto {
  @TextField({ required: false, minOneNonSpace: true, maxLength: MAX_TITLE_LENGTH, description: 'New title' })
  title?: string;

  @TextField({ required: false, description: 'New body' })
  body?: string;

  @EnumField(contentTypes, { required: false, description: 'New format: T, H or M' })
  content_type?: ContentType;

  @EnumField(langs, { required: false, description: 'New language' })
  content_lang?: Lang;

  @EnumField(views, { required: false, nullable: true, description: 'Per-page visibility; null inherits from the knowledge base' })
  view?: View | null;

  @IntegerField(0, MAX_LEVEL, { required: false, description: 'New depth; the descendants shift by the same difference' })
  level?: number;
}
