// An anonymous visitor asked for what only signed-in visitors (or members) may read: the web pages
// answer it with the sign-in page, then bring the visitor back.
export class SignInToRead extends Error {
  constructor() {
    super('Sign in to read this.');
  }
}
