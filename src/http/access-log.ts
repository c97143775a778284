// The access log: one JSON line per answered request, written when the answer is complete.
import type { NextFunction, Request, Response } from 'express';

export function accessLog(write: (line: string) => void) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      write(`${JSON.stringify({ level: 'info', time: Date.now(), msg: 'request', method: request.method, url: request.originalUrl, status: response.statusCode, ms: Math.round(ms * 100) / 100, remoteAddress: request.ip })}\n`);
    });
    next();
  };
}
