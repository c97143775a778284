// Whether the service is draining before a stop: /readyz then answers 503 and every answer closes
// its connection (src/cli/graceful-stop.ts starts it).
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
