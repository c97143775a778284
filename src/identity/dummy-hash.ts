// A hash of a random password with the current parameters, made once per process: what a sign-in
// with an unknown address (or a user without a password) is checked against, so that it costs the
// same argon2 work as a wrong password and answers in about the same time.
import { hashPassword } from './passwords';
import { newSecret } from './secrets';

let made: Promise<string> | undefined;

export function dummyHash(): Promise<string> {
  made ??= hashPassword(newSecret());
  return made;
}
