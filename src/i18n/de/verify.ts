/**
 * Texts of the eID verification (route verify, spec "eID verification", dialogs verifySuccess and
 * verifyPendingApproval). The page's title is the shell's (app.pageTitles.verify). Merged into
 * src/i18n/de.ts.
 */
export const verifyMessages = {
  app: {
    verify: {
      instructions: {
        title: 'So bestätigen Sie Ihre Identität',
        intro:
          'Bevor Sie Lumio nutzen können, bestätigen Sie Ihre Identität mit der Online-Ausweisfunktion Ihres Personalausweises.',
        needsTitle: 'Sie benötigen:',
        needs: {
          idCard: 'Ihren Personalausweis mit aktivierter Online-Ausweisfunktion',
          pin: 'die sechsstellige PIN Ihres Ausweises',
          app: 'ein Smartphone mit einer Ausweis-App, zum Beispiel der AusweisApp',
        },
        stepsTitle: 'So geht es:',
        steps: {
          start: 'Klicken Sie auf „Verifizierung starten“. Es erscheint ein QR-Code mit einem Vergleichscode.',
          scan: 'Scannen Sie den QR-Code mit Ihrem Smartphone.',
          compare:
            'Prüfen Sie, ob Ihr Smartphone „Lumio“ und denselben Vergleichscode anzeigt wie dieser Bildschirm. Nur dann fahren Sie fort; stimmen die Codes nicht überein, brechen Sie ab.',
          card: 'Halten Sie Ihren Ausweis an das Smartphone und geben Sie Ihre PIN in der Ausweis-App ein.',
          wait: 'Diese Seite erkennt das Ergebnis von selbst.',
        },
        start: 'Verifizierung starten',
        restart: 'Erneut starten',
        failed: 'Die Verifizierung wurde nicht abgeschlossen. Sie können sie erneut starten.',
      },
      qrCode: {
        title: 'QR-Code scannen',
        scan: 'Scannen Sie diesen QR-Code mit Ihrem Smartphone.',
        imageLabel: 'QR-Code für die Verifizierung mit dem Smartphone',
        transactionCode: 'Vergleichscode',
        mobileToken: 'Token für das Smartphone',
        validUntil: 'Gültig bis',
        compare: 'Fahren Sie auf dem Smartphone nur fort, wenn es „Lumio“ und genau diesen Vergleichscode anzeigt.',
        waiting: 'Warten auf die Bestätigung mit Ihrem Ausweis …',
      },
      success: {
        title: 'EID erfolgreich verifiziert',
        finished: 'Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sie können Lumio nun nutzen.',
        text: 'Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen.',
      },
      pending: {
        dialogTitle: 'Manuelle Prüfung erforderlich',
        dialogText:
          'Ihre persönlichen Daten und die Daten Ihres Ausweises stimmen nicht überein. Ihre Angaben werden deshalb manuell geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
        title: 'Ihre Angaben werden geprüft',
        text: 'Die Daten Ihres Ausweises weichen von Ihren persönlichen Daten ab. Sie werden manuell geprüft; das Ergebnis erhalten Sie per E-Mail.',
      },
      bound: {
        title: 'Ihr Ausweis ist bereits verknüpft',
        text: 'Ihre Identität ist bestätigt. Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen.',
      },
    },
  },
};
