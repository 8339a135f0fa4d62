import { z } from 'zod';

/** The error body of ARCHITECTURE.md, documented on every route for the OpenAPI document. */
export const errorBodySchema = z.object({
  errorCode: z.string(),
  messages: z.array(z.string()),
  traceId: z.string(),
  status: z.number(),
});

export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
} as const;
