// The time the identity module reads (expiry of sessions and links, sign-in delays): one provider,
// so that a test can move it instead of waiting.
import { Injectable } from '@nestjs/common';

@Injectable()
export class IdentityClock {
  now(): Date {
    return new Date();
  }
}
