/**
 * Texts of the employee invitation (spec sections 2 and 8): the dialog inviteEmployee in the admin
 * (inviteEmployeeMessages, in the admin catalogue) and the public registration page by invitation
 * (employeeInvitationMessages, loaded lazily with that page's chunk, see src/i18n/public.ts).
 */
import { applicationFieldLabels } from './applicationFields';

export const inviteEmployeeMessages = {
  app: {
    inviteEmployee: {
      button: 'Mitarbeitende einladen',
      title: 'Mitarbeitende einladen',
      intro:
        'Wir senden eine Einladung mit einem Link zur Registrierung an diese E-Mail-Adresse. Der Link ist 7 Tage gültig und kann einmal verwendet werden.',
      email: 'E-Mail',
      cancel: 'Abbrechen',
      invite: 'Einladen',
      success: 'Der Mitarbeitende wurde eingeladen',
      successText:
        'Wir haben die Einladung an %{email} gesendet. Die Person erscheint in der Liste der Mitarbeitenden, sobald sie sich über den Link registriert hat.',
    },
  },
};

export const employeeInvitationMessages = {
  app: {
    // The page's title is the shell's (app.pageTitles.employeeInvitation).
    employeeInvitation: {
      intro:
        '„%{company}“ hat Sie eingeladen, sich bei Lumio zu registrieren. Bitte ergänzen Sie Ihre persönlichen Daten; sie müssen mit Ihrem Personalausweis übereinstimmen.',
      loading: 'Die Einladung wird geladen …',
      fields: {
        email: applicationFieldLabels.email,
        company: 'Firma',
        salutation: applicationFieldLabels.salutation,
        firstName: applicationFieldLabels.firstName,
        lastName: applicationFieldLabels.lastName,
        birthDate: applicationFieldLabels.birthDate,
      },
      hints: { birthDate: 'TT.MM.JJJJ' },
      requiredNote: '*Felder sind Pflichtfelder',
      register: 'Registrieren',
      success: {
        title: 'Registrierung erfolgreich',
        text: 'Wir haben Ihnen eine E-Mail mit den nächsten Schritten gesendet: Passwort festlegen, anmelden, Identität mit der eID verifizieren und auf die Freigabe durch Ihr Unternehmen warten.',
      },
      invalid: {
        title: 'Das hat leider nicht geklappt!',
        text: 'Der Link ist falsch oder nicht mehr gültig.',
      },
      ok: 'Ok',
    },
  },
};
