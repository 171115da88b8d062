// Shapes shared by the routes; they also describe the API in the OpenAPI document.
export const errorSchema = {
  type: 'object',
  description: 'Svenskt felmeddelande, och fältet det gäller när det finns ett.',
  properties: { message: { type: 'string' }, field: { type: 'string' } },
  required: ['message'],
} as const;

export const tokenSchema = {
  description: 'The token (EdDSA JWT) as text/plain.',
  content: { 'text/plain': { schema: { type: 'string' } } },
} as const;

export const bearerSecurity = [{ bearerAuth: [] }];

/** Error answers of a route, by status. */
export function errors(...statuses: number[]): Record<number, typeof errorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema]));
}
