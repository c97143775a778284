// marked recurses once per level of nesting, each level scanning what is left of the text again:
// thousands of levels exhaust the stack or take seconds. Its lexer, counting the levels, refuses
// a body past nestingLimits before that.
import { Lexer, type MarkedExtension, type MarkedOptions, type Token, type TokensList } from 'marked';
import { nestingLimits, tooDeepBlocks, tooDeepInline } from './content-refused';
import { NestingGauge } from './nesting-gauge';

export class BoundedLexer<ParserOutput = string, RendererOutput = string> extends Lexer<ParserOutput, RendererOutput> {
  // The document, and the text of each block, is the outermost level of its own.
  private readonly blocks = new NestingGauge(nestingLimits.markdownBlocks + 1, tooDeepBlocks);
  private readonly inlines = new NestingGauge(nestingLimits.markdownInline + 1, tooDeepInline);

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[] {
    return this.blocks.within(() => super.blockTokens(src, tokens, lastParagraphClipped));
  }

  override inlineTokens(src: string, tokens?: Token[]): Token[] {
    return this.inlines.within(() => super.inlineTokens(src, tokens));
  }
}

/** marked's lexing done by BoundedLexer. */
export const boundedLexing: MarkedExtension = {
  hooks: {
    provideLexer(block) {
      return block
        ? <P, R>(src: string, options?: MarkedOptions<P, R>) => new BoundedLexer(options).lex(src)
        : <P, R>(src: string, options?: MarkedOptions<P, R>) => new BoundedLexer(options).inlineTokens(src);
    },
  },
};
