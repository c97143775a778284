// Writes openapi/openapi.json, the committed OpenAPI document, from the app as built:
//   npm run build && node dist/src/docs/write-openapi.js
// (test/drift/openapi.spec.ts fails while the committed file differs from what the code makes.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.factory';
import { defaults } from '../config/config';
import { ApiDocuments } from './api-documents';
import { projectRoot } from './manual';
import { serializeOpenApi } from './openapi-document';

export const OPENAPI_FILE = join(projectRoot(), 'openapi', 'openapi.json');

export function writeOpenApiFile(document: unknown): void {
  mkdirSync(join(projectRoot(), 'openapi'), { recursive: true });
  writeFileSync(OPENAPI_FILE, serializeOpenApi(document));
}

async function main(): Promise<void> {
  // The app needs a database to start; the document does not depend on which one.
  const dir = mkdtempSync(join(tmpdir(), 'kbp-openapi-'));
  try {
    const app = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: join(dir, 'kb.db') });
    writeOpenApiFile(app.get(ApiDocuments).openApi);
    await app.close();
    process.stdout.write(`Wrote ${OPENAPI_FILE}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
