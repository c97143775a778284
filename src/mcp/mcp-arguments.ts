// The arguments of the tools that name a page: the REST path's content_id as a field. The other
// fields are the REST DTOs' own, so a tool refuses what the REST API refuses, in its words.
import { TextField } from '../http/fields';
import { UpdatePageDto } from '../pages/dto/update-page.dto';

export class PageRefArguments {
  @TextField({ description: 'The page' })
  content_id: string;
}

export class UpdatePageArguments extends UpdatePageDto {
  @TextField({ description: 'The page to change' })
  content_id: string;
}

/** Nothing: a tool of the whole base (its summary, its tree) takes no arguments. */
export class NoArguments {}
