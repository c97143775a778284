// What a body that cannot be rendered safely is refused with. The reason is kept apart from
// `message`, which marked appends its own text to when an error passes through it.
export class ContentRefused extends Error {
  override name = 'ContentRefused';

  /** @param reason what is wrong with the body, as the end of a sentence that names it */
  constructor(readonly reason: string) {
    super(`The body ${reason}`);
  }
}

/** The most a body may nest: beyond these, rendering costs grow with depth, not with size. */
export const nestingLimits = {
  /** blockquotes and list items inside one another */
  markdownBlocks: 100,
  /** emphasis, strikethrough and links inside one another */
  markdownInline: 32,
  /** HTML elements open at once */
  htmlElements: 512,
} as const;

export const tooDeepBlocks = () =>
  new ContentRefused(`nests Markdown blockquotes and lists more than ${nestingLimits.markdownBlocks} levels deep.`);
export const tooDeepInline = () =>
  new ContentRefused(`nests Markdown emphasis, strikethrough and links more than ${nestingLimits.markdownInline} levels deep.`);
export const tooManyOpenElements = () =>
  new ContentRefused(`has more than ${nestingLimits.htmlElements} HTML elements open inside one another.`);
export const tooDeepToRender = () => new ContentRefused('is nested too deeply to render; nest its markup less.');
export const tooSlowToRender = () => new ContentRefused('took too long to render; simplify its markup.');
