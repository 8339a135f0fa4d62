import { z } from 'zod';

/** The error body of ARCHITECTURE.md, documented on every route for the OpenAPI document. */
export const errorBodySchema = z
  .object({
    errorCode: z
      .string()
      .meta({ description: 'Maschinenlesbarer Fehlercode, z. B. VALIDATION_FAILED, CSRF_TOKEN_INVALID' }),
    messages: z.array(z.string()).meta({
      description: 'Meldungen des Servers (englisch, Spezifikation Abschnitt 8); bei VALIDATION_FAILED eine je Feld',
    }),
    traceId: z.string().meta({ description: 'Verbindet die Antwort mit der Zeile im Protokoll des Servers' }),
    status: z.number().int().meta({ description: 'Der HTTP-Status der Antwort' }),
  })
  .meta({ id: 'ErrorBody', description: 'Fehlerantwort jedes Endpunkts' });

export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
} as const;
