// Whether the service is draining before a stop (src/cli/graceful-stop.ts starts it): /readyz then
// answers 503.
import { Injectable } from '@nestjs/common';

@Injectable()
export class DrainState {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  start(): void {
    this.started = true;
  }
}
