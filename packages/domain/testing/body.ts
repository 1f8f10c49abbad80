import type * as v from 'valibot';

/** The object schema a body schema validates with, found through its pipes (jsonObject wraps one in a pipe). */
type ObjectSchemaOf<S> =
  S extends v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>
    ? S
    : S extends { readonly pipe: infer P extends readonly unknown[] }
      ? InPipe<P>
      : never;

type InPipe<P extends readonly unknown[]> = P extends readonly [...infer Rest, infer Last]
  ? [ObjectSchemaOf<Last>] extends [never]
    ? InPipe<Rest>
    : ObjectSchemaOf<Last>
  : never;

/**
 * A request body as a client sends it, field by field. A body schema's own input is any JSON object
 * (jsonObject checks the shape itself, to word its messages), so the fields come from the object
 * schema inside it.
 */
export type BodyInput<S> = v.InferInput<ObjectSchemaOf<S>>;
