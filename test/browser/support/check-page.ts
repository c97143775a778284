// What every page a flow visits goes through: a screenshot, then axe. Violations below serious
// do not fail the test; they are listed in artifacts/axe/<spec>.txt for people to weigh. A page
// that is the service's "something went wrong" fails the test at once, whatever came before.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describeViolations, expectAccessible } from './axe';
import type { Lang } from './browser';
import { Screenshots } from './screenshots';
import { texts } from './texts';

export const AXE_NOTES_DIR = join(__dirname, '..', '..', '..', 'artifacts', 'axe');

export type CheckPage = (page: Page, name: string, lang: Lang) => Promise<void>;

export function pageChecks(spec: string): CheckPage {
  const screenshots = new Screenshots(spec);
  const notes = join(AXE_NOTES_DIR, `${spec}.txt`);
  mkdirSync(AXE_NOTES_DIR, { recursive: true });
  rmSync(notes, { force: true });
  return async (page, name, lang) => {
    const shot = await screenshots.take(page, name, lang);
    const h1 = page.getByRole('heading', { level: 1 });
    const heading = (await h1.count()) > 0 ? (await h1.first().textContent())?.trim() : undefined;
    if (heading === texts('en').errorTitle || heading === texts('ja').errorTitle) {
      throw new Error(`${name} (${lang}) is an error page (${page.url()}), screenshot ${shot}`);
    }
    const lesser = await expectAccessible(page, `${name} (${lang}), screenshot ${shot}`);
    if (lesser.length > 0) appendFileSync(notes, `## ${name} (${lang}) ${page.url()}\n${describeViolations(lesser)}\n\n`);
  };
}
