// Where the service is in a stop (src/cli/graceful-stop.ts moves it on): draining, /readyz answers
// 503; then, once the listener is closed, every answer also closes its connection.
import { Injectable } from '@nestjs/common';

@Injectable()
export class DrainState {
  private phase: 'serving' | 'draining' | 'closing' = 'serving';

  /** /readyz answers 503 from the drain on. */
  get draining(): boolean {
    return this.phase !== 'serving';
  }

  /** Every answer closes its connection once the listener is closed. */
  get closingConnections(): boolean {
    return this.phase === 'closing';
  }

  start(): void {
    this.phase = 'draining';
  }

  closeConnections(): void {
    this.phase = 'closing';
  }
}
