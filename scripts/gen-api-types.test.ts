import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../server/test/harness.ts';
import { API_TYPES_FILE, apiTypes, apiTypesConfig, openApiDocument } from './gen-api-types.ts';

describe('src/api/openapi.gen.ts', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("holds the types of the API's OpenAPI document as the routes declare it now", async () => {
    const generated = (await apiTypes(await openApiDocument(database.database.db, apiTypesConfig(database.dataDir)))).split('\n');
    const checkedIn = readFileSync(API_TYPES_FILE, 'utf8').split('\n');
    const line = generated.findIndex((text, index) => text !== checkedIn[index]);
    const differs = line === -1 && generated.length === checkedIn.length ? null : Math.max(line, 0) + 1;
    if (differs !== null) {
      expect.fail(
        `src/api/openapi.gen.ts is out of date: run npm run gen:api-types\n` +
          `(line ${differs}: the routes give ${JSON.stringify(generated[differs - 1] ?? '')}, the file has ${JSON.stringify(checkedIn[differs - 1] ?? '')})`,
      );
    }
  });
});
