/** Option lists of spec section 3, in the spec's order. Values are stored and sent as shown. */
export const SALUTATIONS = ['Herr', 'Frau', 'Divers', 'Keine Anrede'] as const;
export type Salutation = (typeof SALUTATIONS)[number];

export const LEGAL_FORMS = ['AG', 'Einzelunternehmen', 'e.K.', 'GbR', 'GmbH'] as const;
export type LegalForm = (typeof LEGAL_FORMS)[number];

export const COUNTRIES = [
  'Deutschland',
  'Dänemark',
  'Polen',
  'Tschechien',
  'Österreich',
  'Schweiz',
  'Frankreich',
  'Luxemburg',
  'Belgien',
  'Niederlande',
] as const;
export type Country = (typeof COUNTRIES)[number];
