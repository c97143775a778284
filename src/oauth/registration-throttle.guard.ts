// Registration is open to anyone, so it is limited per address (the throttler, as sign-in is):
// nobody can fill the clients table from one place.
import { Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerStorageService } from '@nestjs/throttler';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';

export const REGISTRATION_WINDOW_MS = 3_600_000;

/** The counts of this guard alone (a provider of the module, so Nest stops its timers at shutdown). */
@Injectable()
export class RegistrationCounts extends ThrottlerStorageService {}

@Injectable()
export class RegistrationThrottle extends ThrottlerGuard {
  constructor(@Inject(APP_CONFIG) config: AppConfig, counts: RegistrationCounts, reflector: Reflector) {
    const limit = config.oauth.registrationsPerAddress;
    super({ throttlers: [{ name: 'oauth-registration', ttl: REGISTRATION_WINDOW_MS, limit }] }, counts, reflector);
  }
}
