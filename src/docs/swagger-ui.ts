// Swagger UI on the OpenAPI document, with no network: the page, its script and its style all
// come from this service, the assets from the installed swagger-ui-dist package (the one
// @nestjs/swagger depends on). "Try it out" sends the bearer token, kept across reloads.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API_PREFIX } from '../http/api-prefix';

export const DOCS_PATH = `${API_PREFIX}/docs`;

export interface DocsAsset {
  contentType: string;
  body: Buffer;
}

/** swagger-ui-dist as @nestjs/swagger resolves it, so the two always match. */
function swaggerUiDistDir(): string {
  const swagger = dirname(require.resolve('@nestjs/swagger'));
  return dirname(require.resolve('swagger-ui-dist/package.json', { paths: [swagger] }));
}

const packagedAssets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Our own start-up script, a file rather than inline so that a strict CSP can allow it. */
const initializer = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    persistAuthorization: true,
    validatorUrl: null,
  });
});
`;

export const swaggerUiHtml = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>kb-pages REST API v1</title>
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" sizes="32x32" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js" charset="utf-8"></script>
  <script src="${DOCS_PATH}/swagger-initializer.js" charset="utf-8"></script>
</body>
</html>
`;

let assets: Map<string, DocsAsset> | undefined;

/** The asset of that file name, or undefined; read from disk once, on first use. */
export function swaggerUiAsset(name: string): DocsAsset | undefined {
  if (!assets) {
    const dir = swaggerUiDistDir();
    assets = new Map(Object.entries(packagedAssets).map(([file, contentType]) => [file, { contentType, body: readFileSync(join(dir, file)) }]));
    assets.set('swagger-initializer.js', { contentType: 'text/javascript; charset=utf-8', body: Buffer.from(initializer) });
  }
  return assets.get(name);
}
