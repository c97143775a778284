// Keyboard shortcuts of the tree's moves: on a page's node (li#p-<content id>, any control in it
// focused), Alt+Shift+ArrowUp/ArrowDown/ArrowRight/ArrowLeft press that node's own Move up, Move
// down, Indent or Outdent button (button[name=direction][value=up|down|indent|outdent], or a
// form[data-move=…]), the very forms the buttons send. A move the node does not offer does
// nothing. After a move the page comes back at the node's anchor, whose link takes the focus so
// the keys go on working.
const directions: Record<string, string> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };
const NODE = 'li[id^="p-"]';

/** The elements matching `selector` in the node itself, not in a child node nested in it. */
function own<T extends Element>(node: Element, selector: string): T[] {
  return Array.from(node.querySelectorAll<T>(selector)).filter((each) => each.closest(NODE) === node);
}

document.addEventListener('keydown', (event) => {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.isComposing) return;
  const direction = directions[event.key];
  const target = event.target instanceof Element ? event.target : null;
  const node = direction && target ? target.closest(NODE) : null;
  if (!node) return;
  event.preventDefault();
  const button = own<HTMLButtonElement>(node, `button[name="direction"][value="${direction}"]`)[0];
  if (button) {
    if (!button.disabled && button.form) button.form.requestSubmit(button);
    return;
  }
  own<HTMLFormElement>(node, `form[data-move="${direction}"]`)[0]?.requestSubmit();
});

function focusAnchoredNode(): void {
  const anchored = decodeURIComponent(location.hash.slice(1));
  const node = anchored.startsWith('p-') ? document.getElementById(anchored) : null;
  if (node) own<HTMLElement>(node, 'a.node-title, a[href]')[0]?.focus();
}

// The browser's own scroll to the fragment moves the focus to the document once the page has
// loaded (the node itself takes none), so the link takes it after that.
if (document.readyState === 'complete') focusAnchoredNode();
else window.addEventListener('load', () => requestAnimationFrame(focusAnchoredNode), { once: true });
