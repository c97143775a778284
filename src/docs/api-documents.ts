// The published descriptions of the API, made once at start-up: the OpenAPI document (built by
// setupDocs from the app's controllers) and the text manual.
import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { readManual } from './manual';

@Injectable()
export class ApiDocuments {
  readonly manual = readManual();
  private published?: { document: OpenAPIObject; json: string };

  publish(document: OpenAPIObject): void {
    this.published = { document, json: JSON.stringify(document) };
  }

  get openApi(): OpenAPIObject {
    return this.current().document;
  }

  get openApiJson(): string {
    return this.current().json;
  }

  private current(): { document: OpenAPIObject; json: string } {
    if (!this.published) throw new Error('The OpenAPI document is not built: createApp() must call setupDocs(app).');
    return this.published;
  }
}
