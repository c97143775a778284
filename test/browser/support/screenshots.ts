// A full-page PNG of every page a spec visits, kept for people to look at (CI keeps artifacts/):
// artifacts/screenshots/<spec>/<nn>-<name>-<lang>.png, numbered in the order they were taken.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Lang } from './browser';

export const SCREENSHOTS_DIR = join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

export class Screenshots {
  private taken = 0;
  private readonly dir: string;

  /** `spec` names the folder; it is emptied so an old run's pictures never mix in. */
  constructor(spec: string) {
    this.dir = join(SCREENSHOTS_DIR, spec);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  /** Saves the page as it is now and returns the file's path. */
  async take(page: Page, name: string, lang: Lang): Promise<string> {
    this.taken += 1;
    const safeName = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
    const path = join(this.dir, `${String(this.taken).padStart(2, '0')}-${safeName}-${lang}.png`);
    await page.screenshot({ path, fullPage: true });
    return path;
  }
}
