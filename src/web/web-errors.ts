// What a web page refuses with, answered by WebErrorFilter as pages and redirects.
export class SignInRequired extends Error {
  /** `next`: the page to come back to after signing in, when it is not the request's own. */
  constructor(readonly next?: string) {
    super('Sign in to open this page.');
  }
}

export class CrossSiteRefused extends Error {
  constructor() {
    super('A form sent from another site was refused.');
  }
}

export class AdministratorsOnly extends Error {
  constructor() {
    super('Only instance administrators can open this page.');
  }
}

/** A member whose role is below what the page needs (a reader on an editing page, a writer on settings). */
export class NotThisRole extends Error {
  constructor(readonly needed: 'writer' | 'owner') {
    super(`Only ${needed === 'owner' ? 'owners' : 'writers and owners'} of this knowledge base can do this.`);
  }
}
