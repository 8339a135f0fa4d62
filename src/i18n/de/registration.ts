/**
 * Texts of the public studio registration, the application confirmation page and the upload
 * widget (the date picker's are in datePicker.ts). The registration pages load them lazily with
 * their own chunk (see src/i18n/public.ts); uploadMessages also belongs into the admin catalogue
 * (MESSAGE_MODULES) wherever the widget is used there. Spec texts are copied exactly; the
 * upload widget's spec texts are UPLOAD_TEXTS in src/domain/documents.ts.
 */
import { applicationFieldLabels } from './applicationFields';

export const uploadMessages = {
  app: {
    upload: {
      uploading: 'Wird hochgeladen … %{percent} %',
      progress: 'Upload-Fortschritt von %{name}',
      remove: 'Datei entfernen',
    },
  },
};

export const registrationMessages = {
  app: {
    registration: {
      title: 'Fotostudio registrieren',
      intro:
        'Registrieren Sie Ihr Fotostudio in vier Schritten. Nach dem Absenden bestätigen Sie Ihre E-Mail-Adresse, anschließend prüfen wir Ihre Angaben.',
      pilotNotice: 'Lumio befindet sich in der Pilotphase. Änderungen werden per E-Mail angekündigt.',
      requiredNote: '*Felder sind Pflichtfelder',
      steps: {
        personal: 'Persönliche Daten',
        company: 'Firmendaten',
        documents: 'Mitgliedsnummer und Nachweise',
        summary: 'Zusammenfassung',
      },
      stepOf: 'Schritt %{step} von %{total}',
      fields: {
        ...applicationFieldLabels,
        documents: 'Nachweise',
      },
      hints: {
        birthDate: 'TT.MM.JJJJ',
        phone: 'Nur Ziffern, optional mit führendem +, 10 bis 16 Zeichen',
        address: 'Straße, Hausnummer, PLZ und Ort',
        memberId: 'Optional',
      },
      documentsIntro:
        'Bitte laden Sie Nachweise hoch, die Ihr Studio als Gewerbebetrieb ausweisen, zum Beispiel die Gewerbeanmeldung oder einen Handelsregisterauszug.',
      summary: {
        intro: 'Bitte prüfen Sie Ihre Angaben. Mit „Zurück“ können Sie sie noch ändern.',
        documents: 'Hochgeladene Nachweise',
        noDocuments: 'Keine Nachweise hochgeladen',
        empty: '–',
        confirmations: 'Bestätigungen',
      },
      confirmations: {
        dataSecurity: {
          before: 'Ich habe die ',
          link: 'Datenschutzerklärung',
          after:
            ' gelesen und bin mit der Verarbeitung meiner Angaben zur Prüfung und Durchführung der Registrierung einverstanden.',
        },
        agb: {
          before: 'Ich habe die ',
          link: 'Allgemeinen Geschäftsbedingungen (AGB)',
          after: ' gelesen und akzeptiere sie.',
        },
        thirdParties:
          'Ich bin damit einverstanden, dass meine Angaben zur Identitätsprüfung an Dritte, den Anbieter des eID-Verfahrens, weitergegeben werden.',
        pilot:
          'Mir ist bekannt, dass sich Lumio in der Pilotphase befindet und sich Funktionen und Bedingungen noch ändern können. Änderungen werden per E-Mail angekündigt.',
        opensInNewTab: '(PDF, öffnet in einem neuen Tab)',
      },
      actions: {
        next: 'Weiter',
        back: 'Zurück',
        register: 'Registrieren',
      },
      uploadsPending: 'Bitte warten Sie, bis alle Dateien hochgeladen sind.',
      success: {
        title: 'Registrierung erfolgreich',
        text: 'Ihr Antrag wurde an den Anbieter weitergeleitet. Bitte bestätigen Sie zunächst Ihre E-Mail-Adresse über den Link, den wir Ihnen soeben gesendet haben. Nach erfolgreicher Prüfung erhalten Sie eine E-Mail zur Aktivierung Ihres Kontos.',
      },
    },
  },
};

export const confirmApplicationMessages = {
  app: {
    confirmApplication: {
      pageTitle: 'Registrierung bestätigen',
      title: 'Bestätigung erfolgreich',
      text: 'Nach der manuellen Prüfung Ihrer Angaben erhalten Sie eine Email in der die Anmeldung fortgesetzt werden kann.',
      loading: 'Ihre Bestätigung wird übermittelt …',
      failedTitle: 'Bestätigung nicht möglich',
      decidedTitle: 'Antrag bereits entschieden',
      decided:
        'Ihr Antrag wurde bereits geprüft und entschieden; das Ergebnis haben wir Ihnen per E-Mail mitgeteilt. Dieser Bestätigungslink wird nicht mehr benötigt.',
      expiredHint: 'Der Bestätigungslink ist ungültig oder abgelaufen. Er gilt 7 Tage ab der Registrierung.',
      toLanding: 'Zur Startseite',
    },
  },
};
