/** Upload rules of spec sections 5 and 9: one definition for the upload widget and the API. */
export const MAX_DOCUMENT_BYTES = 2_097_152;
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
export const MAX_DOCUMENT_NAME_LENGTH = 200;

export const UPLOAD_TEXTS = {
  label: 'JPEG-, PNG-, PDF-Dokumente hochladen. Die Datei darf die Größe 2MB nicht überschreiten.',
  inProgress: 'Upload im Gange ...',
  uploaded: 'Datei hochgeladen',
  failed: 'Datei konnte nicht hochgeladen werden',
  tooLarge: 'Datei ist zu groß',
  /** '{extension} Format ist nicht erlaubt' */
  wrongType: (extension: string) => `${extension} Format ist nicht erlaubt`,
} as const;

/** The file's extension as shown in the wrong-type message ("EXE", or the type when there is none). */
export function extensionOf(name: string, type = ''): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : type || name;
}

/** The widget's check before any upload: null when the file may be sent. */
export function checkFileBeforeUpload(file: { name: string; type: string; size: number }): string | null {
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type))
    return UPLOAD_TEXTS.wrongType(extensionOf(file.name, file.type));
  if (file.size > MAX_DOCUMENT_BYTES) return UPLOAD_TEXTS.tooLarge;
  return null;
}
