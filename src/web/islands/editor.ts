// The editor's Write and Preview tabs in place. Without this script each tab is a submit button
// and the server answers the editor again with that tab shown; with it, the tabs switch here
// (arrow keys too, as a tablist does) and the preview comes from POST /kb/:baseId/preview, the
// server's own renderer and sanitizer, so what is previewed is what a save stores.
const editorForm = document.querySelector<HTMLFormElement>('form.editor[data-preview]');
if (editorForm) setUpTabs(editorForm);

function setUpTabs(form: HTMLFormElement): void {
  const tabs = Array.from(form.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const preview = form.querySelector<HTMLElement>('.preview');
  if (tabs.length === 0 || !preview) return;
  const panelOf = (tab: HTMLButtonElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '');
  let latest = 0;

  const say = (text: string, className: string) => {
    const line = document.createElement('p');
    line.className = className;
    line.textContent = text;
    preview.replaceChildren(line);
  };

  const render = async () => {
    const request = ++latest;
    const body = new URLSearchParams();
    body.set('type', (form.elements.namedItem('type') as HTMLSelectElement).value);
    body.set('body', (form.elements.namedItem('body') as HTMLTextAreaElement).value);
    preview.setAttribute('aria-busy', 'true');
    try {
      // A redirect (signed out meanwhile: to the sign-in page) is no preview.
      const response = await fetch(form.dataset.preview ?? '', { method: 'POST', body, credentials: 'same-origin', redirect: 'error' });
      const html = await response.text();
      if (request !== latest) return;
      // A body the renderer refuses is answered 400 with the reason, as a save would get it.
      if (response.ok || (response.status === 400 && html)) {
        if (html.trim() === '') say(preview.dataset.empty ?? '', 'hint');
        else preview.innerHTML = html;
      } else {
        say(preview.dataset.failed ?? '', 'problem');
      }
    } catch {
      if (request === latest) say(preview.dataset.failed ?? '', 'problem');
    } finally {
      if (request === latest) preview.removeAttribute('aria-busy');
    }
  };

  const select = (chosen: HTMLButtonElement, focus: boolean) => {
    for (const tab of tabs) {
      const on = tab === chosen;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      const panel = panelOf(tab);
      if (panel) panel.hidden = !on;
    }
    if (focus) chosen.focus();
    if (chosen.value === 'preview') void render();
  };

  // One tab stop for the tablist: the selected tab; arrows move between them.
  for (const tab of tabs) tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
  for (const tab of tabs) {
    tab.addEventListener('click', (event) => {
      event.preventDefault();
      select(tab, false);
    });
    tab.addEventListener('keydown', (event) => {
      const at = tabs.indexOf(tab);
      const to = event.key === 'ArrowRight' ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
      if (to < 0) return;
      event.preventDefault();
      select(tabs[to], true);
    });
  }
}
