/** A refused outline change. Kept free of HTTP: the caller maps it to a 400 BAD_REQUEST. */
export class OutlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutlineError';
  }
}
