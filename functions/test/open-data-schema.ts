/**
 * Checks an API answer against a schema of the published OpenAPI document (functions/src/open-data/openapi.json),
 * with Ajv's JSON Schema 2020-12 dialect (the one OpenAPI 3.1 uses). Used by the unit and integration tests.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import openApiDocument from '../src/open-data/openapi.json';

const DOCUMENT_ID = 'https://open-data.invalid/openapi.json';

// strict off: the document holds OpenAPI keywords (paths, operationId…) around the schemas, unknown to Ajv.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: DOCUMENT_ID, components: openApiDocument.components });

export type SchemaName = keyof typeof openApiDocument.components.schemas;

/** The schema errors of `value` against components.schemas[name], as readable lines ([] when it matches). */
export function schemaErrors(name: SchemaName, value: unknown): string[] {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`No schema ${name} in openapi.json`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
