// The tree's expand controls: without JavaScript each is a link to a page that shows the node's
// children; with this island a click fetches them as a fragment (HX-Request, as htmx would) and
// puts them under the node, or takes them away again, saying so with aria-expanded.
const FRAGMENT_HEADERS = { 'HX-Request': 'true', Accept: 'text/html' };

async function expand(toggle: HTMLAnchorElement, item: HTMLElement): Promise<void> {
  const url = new URL(toggle.dataset.children ?? toggle.href, location.href);
  // Move forms in the fragment come back to this page.
  url.searchParams.set('next', location.pathname + location.search);
  toggle.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(url, { headers: FRAGMENT_HEADERS, credentials: 'same-origin', redirect: 'error' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const html = await response.text();
    // Another click may have expanded it meanwhile.
    if (toggle.getAttribute('aria-expanded') === 'true') return;
    const template = document.createElement('template');
    // The fragment is our own server's HTML, its titles escaped by the template engine.
    template.innerHTML = html;
    const list = template.content.querySelector('ul');
    if (!list) throw new Error('no list in the fragment');
    item.append(list);
    toggle.setAttribute('aria-controls', list.id);
    toggle.setAttribute('aria-expanded', 'true');
  } catch {
    // Whatever went wrong (signed out meanwhile, the network), the link still works.
    location.assign(toggle.href);
  } finally {
    toggle.removeAttribute('aria-busy');
  }
}

function collapse(toggle: HTMLAnchorElement, item: HTMLElement): void {
  for (const child of Array.from(item.children)) {
    if (child.tagName === 'UL') child.remove();
  }
  toggle.removeAttribute('aria-controls');
  toggle.setAttribute('aria-expanded', 'false');
}

document.addEventListener('click', (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  const toggle = target?.closest<HTMLAnchorElement>('a.toggle[data-children]');
  const item = toggle?.closest<HTMLElement>('li');
  if (!toggle || !item) return;
  event.preventDefault();
  if (toggle.getAttribute('aria-expanded') === 'true') collapse(toggle, item);
  else void expand(toggle, item);
});

// A link is activated by Enter alone; an expand control also answers Space, as a button does.
document.addEventListener('keydown', (event) => {
  if (event.key !== ' ') return;
  const target = event.target instanceof Element ? event.target : null;
  if (!target?.matches('a.toggle[data-children]')) return;
  event.preventDefault();
  (target as HTMLAnchorElement).click();
});
