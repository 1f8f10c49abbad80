import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

type SchemaDefinitions = NonNullable<JsonSchema['$defs']>;

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * Converts the route schemas of one OpenAPI document. toJsonSchema returns what it cannot write in
 * place (a lazy schema's target, a recursive schema) as `$defs` beside `#/$defs/…` refs; a Schema
 * Object embedded in an OpenAPI document resolves those against the document root, where they do
 * not exist. Such definitions move to components/schemas instead, one per valibot schema, so a
 * schema shared by several routes is described once.
 */
export class SchemaComponents {
  readonly definitions: SchemaDefinitions = {};
  readonly #names = new Map<v.GenericSchema, string>();

  /** `name` (such as PutPracticeHoursUnifiedPracticeIdBody) names the definitions this schema brings. */
  convert(schema: v.GenericSchema, name: string): JsonSchema {
    const hoisted = new Map<string, string>();
    const {
      $schema: _dialect,
      $defs: local,
      ...converted
    } = toJsonSchema(schema, {
      // OpenAPI 3.1 Schema Objects are JSON Schema 2020-12; draft-07 differs (tuples, $ref siblings).
      target: 'draft-2020-12',
      // Transforms and custom checks have no JSON Schema form; the validator still enforces them.
      errorMode: 'ignore',
      overrideRef: ({ referenceId, valibotSchema }) => {
        const component = this.#names.get(valibotSchema) ?? this.#claim(valibotSchema, name);
        hoisted.set(referenceId, component);
        return COMPONENT_PREFIX + component;
      },
    });
    for (const [referenceId, component] of hoisted) {
      const definition = local?.[referenceId];
      if (definition !== undefined) this.definitions[component] ??= definition;
    }
    return converted;
  }

  #claim(schema: v.GenericSchema, name: string): string {
    const taken = new Set(this.#names.values());
    let component = name;
    for (let suffix = 2; taken.has(component); suffix++) component = `${name}${suffix}`;
    this.#names.set(schema, component);
    return component;
  }
}
