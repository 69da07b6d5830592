import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_TYPES_FILE, currentOpenApiDocument, renderApiTypes } from './api-types';

// `npm run gen:api-types`: rewrite the web client's types after a route or schema change.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
writeFileSync(path.join(repoRoot, API_TYPES_FILE), await renderApiTypes(await currentOpenApiDocument()));
console.log(`Wrote ${API_TYPES_FILE}`);
