// Keyboard shortcuts of the tree's moves: on a page's node (li#p-<content id>, any control in it
// focused), Alt+Shift+ArrowUp/ArrowDown/ArrowRight/ArrowLeft press that node's own Move up, Move
// down, Indent or Outdent form (form[data-move]), the very forms the buttons send. After a move
// the page comes back at the node's anchor, whose link takes the focus so the keys go on working.
const directions: Record<string, string> = { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' };
const NODE = 'li[id^="p-"]';

document.addEventListener('keydown', (event) => {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.isComposing) return;
  const direction = directions[event.key];
  const target = event.target instanceof Element ? event.target : null;
  const node = direction && target ? target.closest(NODE) : null;
  if (!node) return;
  // The node's own form, not one of a child node nested in it.
  const form = Array.from(node.querySelectorAll<HTMLFormElement>(`form[data-move="${direction}"]`)).find((each) => each.closest(NODE) === node);
  event.preventDefault();
  if (!form || form.querySelector('button:disabled')) return;
  form.requestSubmit();
});

const anchored = decodeURIComponent(location.hash.slice(1));
if (anchored.startsWith('p-')) {
  const node = document.getElementById(anchored);
  const link = node ? Array.from(node.querySelectorAll<HTMLElement>('a[href], button, [tabindex]')).find((each) => each.closest(NODE) === node) : undefined;
  link?.focus();
}
