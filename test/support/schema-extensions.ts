// OpenAPI 3.1 lets a Schema Object carry Specification Extensions (`x-…`), which JSON Schema reads
// as annotations. ajv's strict mode refuses every keyword it does not know, so the `x-` keywords a
// document uses are declared to it as keywords that validate nothing; any other unknown keyword
// (an OpenAPI 3.0 `nullable`, a typo) is still refused.
import type Ajv from 'ajv/dist/core';

function extensionKeywords(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeywords(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(item, found);
    }
  }
  return found;
}

/** Declares to `ajv` every `x-` keyword found in `schemas`. */
export function allowExtensions(ajv: Ajv, schemas: unknown): void {
  for (const keyword of extensionKeywords(schemas)) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
}
