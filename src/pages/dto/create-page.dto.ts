import { EnumField, TextField } from '../../http/fields';
import { contentTypes, langs, MAX_TITLE_LENGTH, type ContentType, type Lang } from '../../vocabulary';

export class CreatePageDto {
  @TextField({ minOneNonSpace: true, maxLength: MAX_TITLE_LENGTH, description: `At least one non-whitespace character, at most ${MAX_TITLE_LENGTH} characters` })
  title: string;

  @TextField({ required: false, default: '', description: 'Markdown source for M, HTML for H (sanitized), text for T' })
  body?: string;

  @EnumField(contentTypes, { required: false, default: 'M', description: 'T = text, H = HTML, M = Markdown' })
  content_type?: ContentType;

  @EnumField(langs, { required: false, default: 'ja', description: 'Language' })
  content_lang?: Lang;
}
