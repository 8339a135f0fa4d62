/**
 * The error catalogue of spec section 8: the server answers with English messages, the web app
 * shows German text. The server imports the message constants from here, so one list serves both
 * sides and a typo cannot make a message fall through to the generic text unnoticed.
 */

export const ERROR_DIALOG_TITLE = 'Das war nicht so geplant :/';
export const TECHNICAL_ERROR_TEXT = 'Ein technischer Fehler ist aufgetreten.';

const TRY_AGAIN_LATER = 'Bitte versuchen Sie es später erneut.';

/** Server messages (messages[0] of the error body), spelled exactly as the API sends them. */
export const SERVER_MESSAGES = {
  forbidden: 'Forbidden',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  internalError: 'Internal error',
  paymentRequired: 'Payment required',
  unknownSystemIntegrator: 'Unknown system integrator',
  documentNotFound: 'Document not found',
  documentNotPendingApproval: 'Document not pending approval',
  licenseKeyUnknown: 'License key unknown',
  licenseKeyAlreadyInUse: 'License key already in use',
  invalidSystemIntegratorId: 'Invalid system integrator id',
  invalidCompanyId: 'Invalid company id',
  invalidUserId: 'Invalid user id',
  invalidAdministratorId: 'Invalid administrator id',
  invalidDocumentId: 'Invalid document id',
  invalidStoreId: 'Invalid store id',
  invalidResellerId: 'Invalid reseller id',
  invalidWebhookEndpointId: 'Invalid webhook endpoint id',
  invalidWebhookDeliveryId: 'Invalid webhook delivery id',
  webhookTargetRefused: 'Webhook target refused',
  invalidLicenseKey: 'Invalid license key',
  codeAlreadyInUse: 'Code already in use',
  emailAlreadyInUse: 'E-mail already in use',
  noApplicationFound: 'No application found',
  applicationAlreadyDecided: 'Application already decided',
  sessionNotFound: 'Session not found',
  invitationNotFound: 'Invitation not found',
  licenseKeyNotValidForCompany: 'License key not valid for this company',
  cannotEncryptFile: 'Cannot encrypt file',
  cannotStoreFile: 'Cannot store file',
  cannotDecryptFile: 'Cannot decrypt file',
  cannotDownloadFile: 'Cannot download file',
  cannotEncryptDocument: 'Cannot encrypt document',
  cannotStoreDocument: 'Cannot store document',
  cannotDecryptDocument: 'Cannot decrypt document',
  cannotDownloadDocument: 'Cannot download document',
  uploadCapacityReached: 'Upload capacity reached',
  uniqueLicenseKeyNotGenerated: 'Unique license key could not be generated',
  licenseSuspended: 'License suspended',
  noPrepaidCredit: 'No prepaid credit',
  accountAlreadyActivated: 'Account already activated',
  emailChangeRequestNotFound: 'E-mail change request not found',
  emailChangeRequestExpired: 'E-mail change request expired',
  emailChangeAlreadyConfirmed: 'E-mail change already confirmed',
  employeeNotPendingApproval: 'Employee not pending approval',
  eidAlreadyBound: 'eID already bound',
  eidReviewPending: 'eID review pending',
  eidCancelled: 'eID verification cancelled',
  eidVerificationFailed: 'eID verification failed',
  eidReviewNotFound: 'eID review not found',
  eidReviewAlreadyDecided: 'eID review already decided',
  invalidEidReviewId: 'Invalid eID review id',
  resellerNameAlreadyInUse: 'Reseller name already in use',
  resellerInUse: 'Reseller in use',
  lastSystemAdmin: 'Last system admin cannot be deleted',
  invalidLicenseId: 'Invalid license id',
  invalidPrepaidPackageId: 'Invalid prepaid package id',
  prepaidPackageChanged: 'Prepaid package changed',
  storeHasLicenses: 'Store has licenses',
  companyHasLicenses: 'Company has licenses',
  licenseNotActivated: 'License not activated',
  forcedRebindLimitReached: 'Forced rebind limit reached',
  machineBoundToOtherLicense: 'Machine already bound to another license',
  cancelWindowPassed: 'Cancel window passed',
  unknownOperator: 'Unknown operator',
  invalidReportId: 'Invalid report id',
  reportNotReady: 'Report not ready',
  ownSecondFactorNotResettable: 'Own second factor cannot be reset',
  noSecondFactor: 'No second factor set up',
  // 'Meine Daten' (server/modules/data-export): the section on the profile and any other screen alike.
  dataExportNotReady: 'Data export not ready',
  dataExportExpired: 'Data export expired',
  dataExportFailed: 'Data export failed',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
export type ServerMessage = (typeof SERVER_MESSAGES)[ServerMessageKey];

/** The one parametrised server message; build it with this function so both sides agree. */
export function amountMustBeMoreThan(minimum: number): string {
  return `Amount must be more than ${minimum}`;
}
const AMOUNT_MUST_BE_MORE_THAN = /^Amount must be more than (-?\d+(?:[.,]\d+)?)$/;

export const SERVER_MESSAGE_TEXTS: Record<ServerMessageKey, string> = {
  forbidden: 'Zugriff verweigert.',
  notFound: 'Nicht gefunden.',
  unauthorized: 'Fehlende Berechtigung.',
  internalError: 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
  paymentRequired: 'Zahlung erforderlich.',
  unknownSystemIntegrator: 'Der Systemintegrator konnte nicht gefunden werden.',
  documentNotFound: 'Anlage konnte nicht gefunden werden.',
  documentNotPendingApproval: 'Anlage ist nicht zur Genehmigung ausstehend.',
  licenseKeyUnknown: 'Der Lizenzschlüssel ist nicht bekannt.',
  licenseKeyAlreadyInUse: 'Der Lizenzschlüssel wird bereits verwendet.',
  invalidSystemIntegratorId: 'Ungültige Systemintegrator-ID.',
  invalidCompanyId: 'Ungültige Firmen-ID.',
  invalidUserId: 'Ungültige Benutzer-ID.',
  invalidAdministratorId: 'Ungültige Administrator-ID.',
  invalidDocumentId: 'Ungültige Anlagen-ID.',
  invalidStoreId: 'Ungültige Studio-ID.',
  invalidResellerId: 'Ungültige Reseller-ID.',
  invalidWebhookEndpointId: 'Ungültige Webhook-ID.',
  invalidWebhookDeliveryId: 'Ungültige Zustellungs-ID.',
  webhookTargetRefused:
    'An diese Adresse sendet Lumio keine Ereignisse: Sie ist nicht auflösbar oder nicht öffentlich (z. B. ein internes Netz).',
  invalidLicenseKey: 'Ungültiger Lizenzschlüssel.',
  codeAlreadyInUse: 'Der Code wird bereits verwendet.',
  emailAlreadyInUse: 'E-Mail-Adresse wird bereits verwendet oder wurde erst kürzlich gelöscht.',
  noApplicationFound: 'Kein Antrag gefunden.',
  applicationAlreadyDecided: 'Der Antrag wurde bereits bearbeitet.',
  sessionNotFound: 'Session nicht gefunden.',
  invitationNotFound: 'Einladung nicht gefunden.',
  licenseKeyNotValidForCompany: 'Der Lizenzschlüssel ist für dieses Unternehmen nicht gültig.',
  cannotEncryptFile: `Die Datei konnte nicht verschlüsselt werden. ${TRY_AGAIN_LATER}`,
  cannotStoreFile: `Die Datei konnte nicht gespeichert werden. ${TRY_AGAIN_LATER}`,
  cannotDecryptFile: `Die Datei konnte nicht entschlüsselt werden. ${TRY_AGAIN_LATER}`,
  cannotDownloadFile: `Die Datei konnte nicht heruntergeladen werden. ${TRY_AGAIN_LATER}`,
  cannotEncryptDocument: `Die Anlage konnte nicht verschlüsselt werden. ${TRY_AGAIN_LATER}`,
  cannotStoreDocument: `Die Anlage konnte nicht gespeichert werden. ${TRY_AGAIN_LATER}`,
  cannotDecryptDocument: `Die Anlage konnte nicht entschlüsselt werden. ${TRY_AGAIN_LATER}`,
  cannotDownloadDocument: `Die Anlage konnte nicht heruntergeladen werden. ${TRY_AGAIN_LATER}`,
  uploadCapacityReached: `Derzeit können keine weiteren Dateien angenommen werden. ${TRY_AGAIN_LATER}`,
  uniqueLicenseKeyNotGenerated:
    'Es konnte kein eindeutiger Lizenzschlüssel erzeugt werden. Bitte versuchen Sie es erneut.',
  licenseSuspended: 'Die Lizenz ist ausgesetzt.',
  noPrepaidCredit: 'Kein Guthaben verfügbar.',
  accountAlreadyActivated: 'Das Konto ist bereits aktiviert: Der Inhaber hat sein Passwort schon festgelegt.',
  emailChangeRequestNotFound:
    'Der Bestätigungslink ist ungültig. Bitte prüfen Sie, ob Sie den Link vollständig aus der E-Mail übernommen haben.',
  emailChangeRequestExpired:
    'Der Bestätigungslink ist abgelaufen oder wurde durch eine neuere Anfrage ersetzt. Bitte ändern Sie Ihre E-Mail-Adresse in der Profilverwaltung erneut.',
  emailChangeAlreadyConfirmed:
    'Die E-Mail-Adresse wurde mit diesem Link bereits geändert. Sie können sich mit der neuen E-Mail-Adresse anmelden.',
  employeeNotPendingApproval:
    'Über diese Person wurde bereits entschieden: Sie wurde schon freigegeben oder abgelehnt. Bitte laden Sie die Liste neu.',
  eidAlreadyBound: 'Ihr Ausweis ist bereits mit Ihrem Konto verknüpft. Eine weitere Verifizierung ist nicht nötig.',
  eidReviewPending:
    'Ihre persönlichen Daten und die Daten Ihres Ausweises werden gerade geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
  eidCancelled: 'Die Verifizierung wurde in der Ausweis-App abgebrochen. Sie können sie jederzeit erneut starten.',
  eidVerificationFailed: 'Die eID-Verifizierung ist fehlgeschlagen. Bitte starten Sie die Verifizierung erneut.',
  eidReviewNotFound: 'Diese eID-Prüfung gibt es nicht (mehr).',
  eidReviewAlreadyDecided: 'Über diese eID-Prüfung wurde bereits entschieden. Bitte laden Sie die Liste neu.',
  invalidEidReviewId: 'Ungültige Prüfungs-ID.',
  resellerNameAlreadyInUse: 'Es gibt bereits einen Reseller mit diesem Namen.',
  resellerInUse: 'Der Reseller ist einer Lizenz zugeordnet und kann nicht gelöscht werden.',
  lastSystemAdmin:
    'Der letzte System-Admin kann nicht gelöscht werden. Legen Sie zuerst einen weiteren System-Admin an.',
  invalidLicenseId: 'Ungültige Lizenz-ID.',
  invalidPrepaidPackageId: 'Ungültige Vorgangspaket-ID.',
  prepaidPackageChanged:
    'Das Vorgangspaket wurde inzwischen geändert (Anzahl oder verbleibende Anzahl). Bitte laden Sie die Liste neu und versuchen Sie es erneut.',
  storeHasLicenses:
    'Das Studio kann nicht gelöscht werden, weil ihm Lizenzen zugeordnet sind: Lizenzen und ihre Vorgänge werden aufbewahrt.',
  companyHasLicenses:
    'Die Firma kann nicht gelöscht werden, weil ihren Studios Lizenzen zugeordnet sind: Lizenzen und ihre Vorgänge werden aufbewahrt. Bitte wenden Sie sich an den Lumio-Support.',
  licenseNotActivated: 'Die Lizenz ist auf keinem Gerät aktiviert. Bitte aktivieren Sie sie zuerst auf diesem Gerät.',
  // The figures are FORCED_REBIND_LIMIT, FORCED_REBIND_WINDOW_DAYS and CANCEL_WINDOW_MINUTES of
  // src/domain/licenses.ts, written out so that every page loading this catalogue does not load the
  // licence rules (and zod) as well; tests/unit/deviceApi.test.ts keeps them equal.
  forcedRebindLimitReached:
    'Die Lizenz wurde in den letzten 30 Tagen bereits 3-mal auf ein anderes Gerät übertragen. Bitte wenden Sie sich an Ihren System-Integrator.',
  machineBoundToOtherLicense:
    'Dieses Gerät ist bereits an eine andere Lizenz dieses System-Integrators gebunden. Bitte lösen Sie zuerst dort die Bindung.',
  cancelWindowPassed: 'Ein Vorgang kann nur innerhalb von 15 Minuten nach seiner Erfassung storniert werden.',
  unknownOperator:
    'Diese Person kann mit dieser Lizenz keine Identifizierungen durchführen: Sie gehört nicht zur Firma der Lizenz, ist nicht freigegeben oder hat ihren Ausweis nicht verknüpft.',
  invalidReportId: 'Ungültige Auswertungs-ID.',
  reportNotReady:
    'Die Auswertung ist noch nicht fertig. Sie kann heruntergeladen werden, sobald sie abgeschlossen ist.',
  ownSecondFactorNotResettable: 'Sie können Ihre eigene Zwei-Faktor-Anmeldung nicht zurücksetzen.',
  noSecondFactor: 'Für diesen Benutzer ist keine Zwei-Faktor-Anmeldung eingerichtet.',
  dataExportNotReady: 'Ihre Daten werden noch zusammengestellt. Sie können sie herunterladen, sobald sie bereitstehen.',
  dataExportExpired:
    'Diese Zusammenstellung Ihrer Daten ist abgelaufen und wurde gelöscht. Bitte fordern Sie eine neue an.',
  dataExportFailed:
    'Die Zusammenstellung Ihrer Daten ist fehlgeschlagen, es gibt nichts herunterzuladen. Bitte fordern Sie sie erneut an.',
};

/** Error codes whose German text overrides whatever message the body carries. */
export const EID_ERROR_CODES = [
  'EID_SESSION_EXPIRED',
  'EID_RESPONSE_UNREADABLE',
  'EID_DOCUMENT_ALREADY_BOUND',
  'EID_DOCUMENT_DOES_NOT_MATCH_USER',
  'EID_UNKNOWN_DOCUMENT',
  'EID_UNKNOWN_USER',
  'EID_TOKEN_CANNOT_BE_ISSUED',
] as const;
export type EidErrorCode = (typeof EID_ERROR_CODES)[number];

export const EID_ERROR_TEXTS: Record<EidErrorCode, string> = {
  EID_SESSION_EXPIRED: 'Die eID-Sitzung ist abgelaufen. Bitte starten Sie die Verifizierung erneut.',
  EID_RESPONSE_UNREADABLE:
    'Die Antwort des eID-Servers konnte nicht gelesen werden. Bitte starten Sie die Verifizierung erneut.',
  EID_DOCUMENT_ALREADY_BOUND: 'Dieser Ausweis ist bereits mit einem anderen Benutzerkonto verknüpft.',
  EID_DOCUMENT_DOES_NOT_MATCH_USER: 'Die Daten auf dem Ausweis stimmen nicht mit Ihren Benutzerdaten überein.',
  EID_UNKNOWN_DOCUMENT: 'Der Ausweis ist unbekannt und kann nicht verwendet werden.',
  EID_UNKNOWN_USER: 'Zu diesem Ausweis ist kein Benutzerkonto bekannt.',
  EID_TOKEN_CANNOT_BE_ISSUED: `Für die eID-Verifizierung konnte kein Zugangstoken ausgestellt werden. ${TRY_AGAIN_LATER}`,
};

export const VALIDATION_FAILED = 'VALIDATION_FAILED';

export interface ErrorBodyLike {
  errorCode?: string;
  messages?: readonly string[];
}

const textByServerMessage: ReadonlyMap<string, string> = new Map(
  (Object.keys(SERVER_MESSAGES) as ServerMessageKey[]).map((key) => [SERVER_MESSAGES[key], SERVER_MESSAGE_TEXTS[key]]),
);

function isEidErrorCode(code: string): code is EidErrorCode {
  return (EID_ERROR_CODES as readonly string[]).includes(code);
}

/** True when the message is one the catalogue translates (also the parametrised amount message). */
export function isKnownServerMessage(message: string): boolean {
  const trimmed = message.trim();
  return textByServerMessage.has(trimmed) || AMOUNT_MUST_BE_MORE_THAN.test(trimmed);
}

/** German text for one server message; undefined when the catalogue does not know it. */
export function serverMessageToGerman(message: string): string | undefined {
  const trimmed = message.trim();
  const known = textByServerMessage.get(trimmed);
  if (known) return known;
  const amount = AMOUNT_MUST_BE_MORE_THAN.exec(trimmed);
  return amount ? `Der Betrag muss größer als ${amount[1]} sein.` : undefined;
}

/**
 * The server prefixes a broken field's message with its path ("name: …"); the user sees the form
 * label instead, so the technical prefix is dropped.
 */
const FIELD_PREFIX = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)*:\s+/;

function validationMessageToGerman(message: string): string {
  const bare = message.replace(FIELD_PREFIX, '').trim();
  return serverMessageToGerman(bare) ?? bare;
}

/**
 * A validation failure lists one message per broken field. The server writes them in German
 * (the domain rules' texts, zod's German locale for type errors), so they are shown as they are.
 */
function validationText(messages: readonly string[]): string {
  const texts = messages.map(validationMessageToGerman).filter(Boolean);
  return texts.length === 0 ? TECHNICAL_ERROR_TEXT : [...new Set(texts)].join(' ');
}

/**
 * The German text of the error dialog for an error body: an eID error code wins, then a
 * validation failure shows its (German) field messages, then the first server message is looked
 * up; anything unknown gets the generic technical-error text.
 */
export function toGermanErrorText(body: ErrorBodyLike | undefined): string {
  if (!body) return TECHNICAL_ERROR_TEXT;
  const { errorCode, messages } = body;
  if (errorCode && isEidErrorCode(errorCode)) return EID_ERROR_TEXTS[errorCode];
  if (errorCode === VALIDATION_FAILED) return validationText(messages ?? []);
  const first = messages?.[0];
  return (typeof first === 'string' && serverMessageToGerman(first)) || TECHNICAL_ERROR_TEXT;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function asErrorBody(value: unknown): ErrorBodyLike | undefined {
  if (!isRecord(value)) return undefined;
  const { errorCode, messages } = value;
  const hasCode = typeof errorCode === 'string';
  const hasMessages = Array.isArray(messages) && messages.every((m) => typeof m === 'string');
  if (!hasCode && !hasMessages) return undefined;
  return {
    errorCode: hasCode ? errorCode : undefined,
    messages: hasMessages ? (messages as string[]) : undefined,
  };
}

/**
 * Finds the error body in whatever a call rejected with: react-admin's HttpError (body on
 * `.body`), a bare error body, or an Error whose message is itself a server message (when the
 * answer had no JSON body). Anything else yields undefined, i.e. the technical-error text.
 */
export function errorBodyOf(error: unknown): ErrorBodyLike | undefined {
  if (!isRecord(error)) return typeof error === 'string' ? { messages: [error] } : undefined;
  const fromBody = asErrorBody(error.body);
  if (fromBody) return fromBody;
  const bare = asErrorBody(error);
  if (bare) return bare;
  return typeof error.message === 'string' ? { messages: [error.message] } : undefined;
}

/** German dialog text for anything a data-provider call may reject with. */
export function errorToGermanText(error: unknown): string {
  return toGermanErrorText(errorBodyOf(error));
}
