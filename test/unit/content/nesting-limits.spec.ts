// The nesting bounds of bodies (content-refused.ts): up to each limit a body renders, one level
// past it is refused, whatever else the body holds.
import fc from 'fast-check';
import { renderMarkdown } from '../../../src/content/markdown';
import { ContentRefused, nestingLimits } from '../../../src/content/content-refused';
import { prepareContent } from '../../../src/content/prepare';
import { sanitizeHtml } from '../../../src/content/sanitize';

const { markdownBlocks, markdownInline, htmlElements } = nestingLimits;

const quotes = (depth: number, text = 'deep') => `${'>'.repeat(depth)} ${text}`;
const list = (depth: number) => Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n');
const emphasis = (depth: number) => `${'*a '.repeat(depth)}b${' c*'.repeat(depth)}`;
const divs = (depth: number, inner = 'x') => `${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;

function refusal(render: () => unknown): string | undefined {
  try {
    render();
    return undefined;
  } catch (error) {
    if (error instanceof ContentRefused) return error.reason;
    throw error;
  }
}

const count = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;

describe('Markdown nesting', () => {
  it(`renders ${markdownBlocks} nested blockquotes and refuses ${markdownBlocks + 1}`, () => {
    expect(count(renderMarkdown(quotes(markdownBlocks)), 'blockquote')).toBe(markdownBlocks);
    expect(refusal(() => renderMarkdown(quotes(markdownBlocks + 1)))).toMatch(/blockquotes and lists more than 100 levels/);
  });

  it(`renders ${markdownBlocks} nested list items and refuses ${markdownBlocks + 1}`, () => {
    expect(count(renderMarkdown(list(markdownBlocks)), 'li')).toBe(markdownBlocks);
    expect(refusal(() => renderMarkdown(list(markdownBlocks + 1)))).toMatch(/blockquotes and lists/);
  });

  it(`renders ${markdownInline} nested emphases and refuses ${markdownInline + 1}`, () => {
    expect(count(renderMarkdown(emphasis(markdownInline)), 'em')).toBe(markdownInline);
    expect(refusal(() => renderMarkdown(emphasis(markdownInline + 1)))).toMatch(/emphasis, strikethrough and links more than 32 levels/);
  });

  it('counts strikethrough as an inline level too', () => {
    const struck = (depth: number) => `${'~~a '.repeat(depth)}b${' c~~'.repeat(depth)}`;
    expect(count(renderMarkdown(struck(markdownInline)), 'del')).toBe(markdownInline);
    expect(refusal(() => renderMarkdown(struck(markdownInline + 1)))).toMatch(/emphasis, strikethrough and links/);
  });

  it('counts depth, not size: many shallow blocks and emphases render', () => {
    const wide = `${'> quote *a **b** c*\n\n- item\n  - sub\n\n'.repeat(2000)}`;
    expect(refusal(() => renderMarkdown(wide))).toBeUndefined();
  });

  it('a refused body leaves the renderer as it was', () => {
    refusal(() => renderMarkdown(emphasis(10_000)));
    refusal(() => renderMarkdown(quotes(10_000)));
    expect(renderMarkdown('*a* > b')).toBe('<p><em>a</em> &gt; b</p>\n');
  });

  // Text before the quotes must end at the blank line: an HTML block (`<?`, `<!--`, `<pre`…) or a
  // code fence runs on past it and turns the quotes into raw text, which nests nothing.
  const closedText = fc.string({ maxLength: 20 }).filter((text) => !/[<`~]/.test(text));

  it('refuses blockquotes exactly past the limit, whatever the text around them', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 * markdownBlocks }), closedText, fc.string({ maxLength: 20 }), (depth, before, after) => {
      const refused = refusal(() => renderMarkdown(`${before}\n\n${quotes(depth, 'x')}\n\n${after}`));
      expect(refused !== undefined).toBe(depth > markdownBlocks);
    }), { numRuns: 60 });
  });

  it('quotes inside an HTML block are raw text, not nesting', () => {
    expect(refusal(() => renderMarkdown(`<?\n\n${quotes(markdownBlocks + 1, 'x')}\n`))).toBeUndefined();
  });

  it('refuses emphasis exactly past the limit', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 * markdownInline }), (depth) => {
      expect(refusal(() => renderMarkdown(emphasis(depth))) !== undefined).toBe(depth > markdownInline);
    }), { numRuns: 60 });
  });
});

describe('HTML nesting', () => {
  it(`keeps ${htmlElements} nested elements and refuses ${htmlElements + 1}`, () => {
    expect(count(sanitizeHtml(divs(htmlElements)), 'div')).toBe(htmlElements);
    expect(refusal(() => sanitizeHtml(divs(htmlElements + 1)))).toMatch(/more than 512 HTML elements open/);
  });

  it('counts elements open at once: closed, void and implicitly closed ones do not add up', () => {
    expect(refusal(() => sanitizeHtml('<div>x</div>'.repeat(5000)))).toBeUndefined();
    expect(refusal(() => sanitizeHtml('<br><img src="a.png">'.repeat(5000)))).toBeUndefined();
    expect(refusal(() => sanitizeHtml('<p>para'.repeat(5000)))).toBeUndefined();
  });

  it('counts elements it drops too', () => {
    expect(refusal(() => sanitizeHtml('<unknown>'.repeat(htmlElements + 1)))).toMatch(/HTML elements/);
  });

  it('refuses exactly the documents whose elements open past the limit', () => {
    const tree = fc.array(fc.integer({ min: 1, max: 2 * htmlElements }), { minLength: 1, maxLength: 4 });
    fc.assert(fc.property(tree, (depths) => {
      const refused = refusal(() => sanitizeHtml(depths.map((depth) => divs(depth)).join('<p>between</p>')));
      expect(refused !== undefined).toBe(Math.max(...depths) > htmlElements);
    }), { numRuns: 40 });
  });

  it('bounds the raw HTML of a Markdown body too', () => {
    expect(refusal(() => prepareContent('M', '<div>'.repeat(htmlElements + 1)))).toMatch(/HTML elements/);
  });
});

describe('prepareContent', () => {
  it('turns a stack exhausted while rendering into a refusal', () => {
    // Rendered with less stack left each time, until the stack runs out inside the rendering.
    let outcome: unknown;
    const body = quotes(markdownBlocks, emphasis(markdownInline));
    const tryAtDepth = (): void => {
      try {
        tryAtDepth();
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
      if (outcome !== undefined) return;
      try {
        prepareContent('M', body);
        outcome = 'rendered';
      } catch (error) {
        if (!(error instanceof RangeError)) outcome = error;
      }
    };
    tryAtDepth();
    expect(outcome).toBeInstanceOf(ContentRefused);
    expect(prepareContent('M', body).html).toContain('<blockquote>');
  });

  it('a T body is stored as sent, however it nests', () => {
    expect(prepareContent('T', quotes(10_000)).body).toBe(quotes(10_000));
  });
});
