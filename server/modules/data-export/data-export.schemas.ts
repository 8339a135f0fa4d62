import { z } from 'zod';
import { DATA_EXPORT_ENTRIES, DATA_EXPORT_STATUSES } from '../../../src/domain/dataExport';
import { linkIdParam } from '../../lib/ids';

/** A person's own data export ('Meine Daten'): where it stands and until when it can be downloaded. */
export const dataExportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(DATA_EXPORT_STATUSES),
    createdAt: z.iso.datetime(),
    /** When the ZIP was ready; null before. */
    readyAt: z.iso.datetime().nullable(),
    /** Until when it can be downloaded (7 days after it was ready); null before it is ready. */
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({
    id: 'DataExport',
    description:
      'Zusammenstellung der eigenen Daten (Art. 15 und 20 DSGVO): Zustand (queued, running, ready, failed) und bis wann sie heruntergeladen werden kann',
    example: {
      id: '3f1e6a0c-2b7d-4f7e-9a43-2f0a1c9d5e21',
      status: 'ready',
      createdAt: '2026-11-29T17:02:11.512Z',
      readyAt: '2026-11-29T17:02:13.004Z',
      expiresAt: '2026-12-06T17:02:13.004Z',
    },
  });

export const dataExportCreated = z.object({ id: z.uuid() }).meta({
  id: 'DataExportAccepted',
  description: 'Die Id der Zusammenstellung, die nun (oder schon) vorbereitet wird',
});

export const dataExportList = z
  .array(dataExportSchema)
  .meta({ id: 'DataExportList', description: 'Die eigenen Zusammenstellungen, die neueste zuerst (höchstens 20)' });

/**
 * Any id up to a sane length: a malformed one reads as unknown (404), like another person's, so
 * the call reveals nothing and the catalogue needs no message of its own.
 */
export const dataExportParams = z.strictObject({ id: linkIdParam() });

/** The ZIP's bytes (OpenAPI 3.0's binary string); the bytes bypass the serializer. */
export const dataExportFileResponse = {
  description: `Die eigenen Daten als ZIP (${Object.values(DATA_EXPORT_ENTRIES).join(', ')}), als Anhang mit Dateinamen Meine_Daten_{Datum}.zip (Content-Disposition)`,
  content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
};
