// The web pages' templates (src/web/views, eta, escaped by default): each page is rendered in its
// reader's language with the layout, and never kept by a cache (every page is someone's own).
import { Injectable } from '@nestjs/common';
import { Eta } from 'eta';
import type { Response } from 'express';
import { join } from 'node:path';
import { projectRoot } from '../docs/manual';
import { catalogues, formatTime, type Language } from './i18n/languages';
import type { Messages } from './i18n/en';
import type { WebUser } from './session/web-request';

export interface PageContext {
  language: Language;
  user?: WebUser;
}

export interface PageOptions {
  /** The page's h1 and title (already in the reader's language). */
  title: string;
  /** Which entry of the navigation is current. */
  section?: 'bases' | 'tokens' | 'account' | 'admin';
  notice?: string;
  /** Scripts of src/web/islands the page uses, by name (ime-safe-enter is on every page). */
  islands?: string[];
  problem?: string;
  status?: number;
}

@Injectable()
export class Views {
  // tsc does not copy templates, so they are read from the sources, compiled once each.
  private readonly eta = new Eta({ views: join(projectRoot(__dirname), 'src', 'web', 'views'), cache: true });

  messages(context: PageContext): Messages {
    return catalogues[context.language];
  }

  render(response: Response, view: string, context: PageContext, options: PageOptions, data: object = {}): void {
    const html = this.eta.render(`./${view}`, {
      ...data,
      ...options,
      lang: context.language,
      t: catalogues[context.language],
      user: context.user,
      time: (iso: string | null | undefined) => formatTime(context.language, iso),
    });
    response.status(options.status ?? 200)
      .setHeader('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }
}
