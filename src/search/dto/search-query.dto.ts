import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { PagingQueryDto } from '../../pages/dto/list-query.dto';

/** GET search: the keywords, and optional paging of the ranked results. */
export class SearchQueryDto extends PagingQueryDto {
  @ApiProperty({
    type: String,
    description: 'Keywords separated by spaces (the ideographic space too); a page matches when it holds every one in its '
      + 'title or body text, compared after NFKC normalisation and lower-casing',
    example: 'install guide',
  })
  @IsString({ message: 'Send the search keywords once, in the parameter "q" (for example ?q=install).' })
  @Matches(/\S/, { message: 'The parameter "q" must hold at least one keyword; it is empty or only spaces.' })
  q: string;
}
