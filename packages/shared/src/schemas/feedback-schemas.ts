import { Type } from '@sinclair/typebox';

/** 'Feedback': all four fields are required by the shared rules (validation/feedback.ts). */
export const FeedbackBodySchema = Type.Object({
  name: Type.String(),
  email: Type.String(),
  title: Type.String(),
  content: Type.String(),
});

const nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Stored feedback as moderators and administrators read it (GET /feedback). */
export const FeedbackItemSchema = Type.Composite([
  Type.Object({ id: Type.Integer() }),
  FeedbackBodySchema,
  Type.Object({
    username: nullable(Type.String({ description: "The sender's username when they were logged in" })),
    created: Type.String({ format: 'date-time' }),
    handledBy: nullable(Type.String({ description: 'Who marked it handled; null while open' })),
    handledAt: nullable(Type.String({ format: 'date-time' })),
  }),
]);

export const FeedbackListSchema = Type.Array(FeedbackItemSchema);

export const FeedbackListQuerySchema = Type.Object({
  handled: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'true | false (default: all)' }),
  ),
});
