// The part of autocannon's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface RawRequest {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
    }
    interface Result {
      duration: number;
      errors: number;
      timeouts: number;
      requests: { total: number };
    }
    interface Instance {
      stop(): void;
      on(event: 'response', listener: (client: unknown, status: number, bytes: number, milliseconds: number) => void): void;
    }
  }
  function autocannon(options: autocannon.Options, done: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
  export = autocannon;
}

// The queue of requests awaiting their answers, whose addBody the bench replaces (discard-bodies.ts).
declare module 'autocannon/lib/pipelinedRequestsQueue' {
  class PipelinedRequestsQueue {
    addBody(data: Buffer): void;
  }
  export = PipelinedRequestsQueue;
}
