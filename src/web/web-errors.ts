// What a web page refuses with, answered by WebErrorFilter as pages and redirects.
export class SignInRequired extends Error {
  constructor() {
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
