import { Type, type TObject, type TOptional, type TProperties, type TString } from '@sinclair/typebox';

/** Every 4xx/5xx answer of both services. `field` names the input at fault, where there is one. */
export const ApiErrorSchema = Type.Object(
  { message: Type.String(), field: Type.Optional(Type.String()) },
  { description: 'Swedish message; `field` names the input at fault' },
);

/** A Swedish message to show (e.g. the 202 of 'Glömt lösenord?'). */
export const MessageSchema = Type.Object({ message: Type.String() }, { description: 'A Swedish message to show' });

/** The answer of a route that sends nothing (204). */
export const NoContentSchema = Type.Null();

/** Response schemas of the error answers a route gives, by status. */
export function errorResponses(...statuses: number[]): Record<number, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ApiErrorSchema]));
}

/**
 * A request's fields as the URL carries them: text, each optional, with the shape's descriptions. The services
 * read the values, so a bad one gets its field's Swedish message rather than the schema's.
 */
export function asQueryText<T extends TProperties>(schema: TObject<T>) {
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([key, value]) => [
      key,
      Type.Optional(Type.String(value.description ? { description: value.description } : {})),
    ]),
  );
  return Type.Object(properties as { [K in keyof T]: TOptional<TString> });
}

/**
 * A form body as the server validates it: every field optional, so a missing or empty one gets its rule's
 * Swedish message. Numbers sent for text fields are read as text (Fastify's validator coerces them).
 */
export const asFormBody = <T extends TProperties>(schema: TObject<T>) => Type.Partial(schema);
