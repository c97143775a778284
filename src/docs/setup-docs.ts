import type { NestExpressApplication } from '@nestjs/platform-express';

export function setupDocs(_app: NestExpressApplication): void {}
