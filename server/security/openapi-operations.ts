import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
};

export type Operation = {
  method: string;
  /** As the document writes it, `{name}` placeholders included (`/api/v1/team/{id}`). */
  path: string;
  operationId: string;
  pathParams: string[];
  queryParams: string[];
  /** The first declared content type of the body, if the operation takes one. */
  bodyType?: string;
  bodySchema?: JsonSchema;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

/**
 * Every operation of the served OpenAPI document: the route table the standing security tests
 * walk, so a route added tomorrow is fuzzed and tenant-checked without a new test.
 */
export async function documentedOperations(t: TestApp): Promise<{ operations: Operation[]; resolve: (schema?: JsonSchema) => JsonSchema | undefined }> {
  const response = await t.app.request('/api/v1/openapi.json');
  const doc = (await response.json()) as Document;
  const resolve = (schema?: JsonSchema): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    return resolve(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')]);
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? `${method} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyType,
        bodySchema: bodyType ? resolve(content[bodyType]!.schema) : undefined,
      });
    }
  }
  return { operations, resolve };
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? 'missing');
}
