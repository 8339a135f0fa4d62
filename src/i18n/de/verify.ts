/**
 * Texts of the eID verification (route verify, spec "eID verification", dialogs verifySuccess and
 * verifyPendingApproval). The page's title is the shell's (app.pageTitles.verify). Merged into
 * src/i18n/de.ts; kept short, as the dashboard downloads the whole catalogue.
 */
export const verifyMessages = {
  app: {
    verify: {
      instructions: {
        title: 'So bestätigen Sie Ihre Identität',
        needsTitle: 'Sie benötigen:',
        needs: {
          idCard: 'Ihren Personalausweis mit aktivierter Online-Ausweisfunktion',
          pin: 'seine sechsstellige PIN',
          app: 'ein Smartphone mit einer Ausweis-App, zum Beispiel der AusweisApp',
        },
        stepsTitle: 'So geht es:',
        steps: {
          start: 'Klicken Sie auf „Verifizierung starten“.',
          scan: 'Scannen Sie den QR-Code mit Ihrem Smartphone.',
          compare:
            'Fahren Sie nur fort, wenn Ihr Smartphone „Lumio“ und denselben Vergleichscode wie dieser Bildschirm zeigt. Sonst brechen Sie ab.',
          card: 'Halten Sie den Ausweis an das Smartphone und geben Sie die PIN ein.',
          wait: 'Diese Seite erkennt das Ergebnis von selbst.',
        },
        start: 'Verifizierung starten',
        restart: 'Erneut starten',
        failed: 'Die Verifizierung wurde nicht abgeschlossen.',
      },
      qrCode: {
        title: 'QR-Code scannen',
        imageLabel: 'QR-Code für Ihr Smartphone',
        transactionCode: 'Vergleichscode',
        mobileToken: 'Token für das Smartphone',
        validUntil: 'Gültig bis',
        waiting: 'Warten auf die Bestätigung mit Ihrem Ausweis …',
      },
      success: {
        title: 'EID erfolgreich verifiziert',
        finished: 'Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sie können Lumio nun nutzen.',
        text: 'Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen.',
      },
      pending: {
        dialogTitle: 'Manuelle Prüfung erforderlich',
        title: 'Ihre Angaben werden geprüft',
        text: 'Ihre persönlichen Daten und die Daten Ihres Ausweises stimmen nicht überein. Ihre Angaben werden deshalb manuell geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
      },
      // Issue 25: after a LumioAdmin rejected the review of differing data, with the reviewer's reason.
      rejected: {
        title: 'Ihre letzte eID-Verifizierung wurde nicht bestätigt',
        why: 'Die Daten Ihres Personalausweises stimmten nicht mit Ihren Angaben in Lumio überein, und die manuelle Prüfung hat die Verknüpfung abgelehnt. Der Ausweis wurde deshalb nicht mit Ihrem Konto verknüpft, seine Daten wurden gelöscht.',
        reason: 'Begründung der Prüfung:',
        next: 'So geht es weiter: Prüfen Sie in der Profilverwaltung, ob Vorname, Nachname und Geburtsdatum genau so wie auf Ihrem Ausweis stehen. Halten Sie dann Ihren Personalausweis bereit und starten Sie die Verifizierung erneut. Lassen sich Ihre Angaben dort nicht ändern, hilft Ihnen der Lumio-Support.',
        profileLink: 'Zur Profilverwaltung',
      },
      bound: {
        title: 'Ihr Ausweis ist bereits verknüpft',
        text: 'Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen.',
      },
    },
  },
};
