// Who owns what in src/: the module whose files alone hold each table's SQL, the shared layers
// that feature modules build on, and the few imports against those rules, each with its reason.
// module-boundaries.spec.ts holds the code to them. A new table needs a line here; a module that
// needs another's table uses what that module exports: a service, or a *.query.ts file where
// joining into one statement is the fast path.
import type { BoundaryRules } from '../support/module-graph';

export const moduleOwners: BoundaryRules = {
  tableOwners: {
    bases: 'bases',
    users: 'auth',
    members: 'auth',
    tokens: 'auth',
    pages: 'pages',
    page_texts: 'pages',
    live_blocks: 'order',
    search_postings: 'search',
    search_pending: 'search',
    search_words: 'search',
    search_merges: 'search',
    accounts: 'identity',
    sessions: 'identity',
    one_time_links: 'identity',
    sign_in_failures: 'identity',
    oauth_clients: 'oauth',
    oauth_codes: 'oauth',
    oauth_grants: 'oauth',
    oauth_refresh_tokens: 'oauth',
  },
  sqlExceptions: [
    {
      file: 'src/database/unit-of-work.ts',
      table: 'bases',
      why: "the unit of work takes a base's lock (writeToBase, writeOutline): the base's row, locked or moved first in the write",
    },
  ],
  sharedLayers: ['database', 'http', 'errors', 'config', 'content', 'outline', 'logging', 'cache', 'vocabulary'],
  importExceptions: [
    {
      from: 'src/http/',
      to: 'auth',
      why: "the guard chain authorizes every request through AuthModule's AccessService, and the request carries its Access",
    },
    {
      from: 'src/errors/envelope.filter.ts',
      to: 'http',
      why: 'the one exception filter answers in HTTP terms: the route table (405), the API prefix, a kept access authorized afresh',
    },
    {
      from: 'src/errors/envelope.filter.ts',
      to: 'database',
      why: 'the one exception filter translates driver errors (db-errors.ts)',
    },
    {
      from: 'src/docs/write-openapi.ts',
      to: 'app.factory',
      why: 'a script (not imported by the app) that builds the app to write openapi/openapi.json',
    },
  ],
};
