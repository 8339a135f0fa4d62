/**
 * Texts of the date picker (src/components/datePicker), in their own module so that a page with a
 * date field (the invitation's birth date) does not download the registration's texts with them.
 * The registration, the invitation and the admin catalogue (shellModules.ts) each add it.
 */
export const datePickerMessages = {
  app: {
    datePicker: {
      dateHint: 'TT.MM.JJJJ',
      timeHint: 'HH:MM',
      time: 'Uhrzeit',
      open: 'Kalender öffnen',
      dialogLabel: 'Kalender: %{label}',
      cancel: 'Abbrechen',
      chooseView: '%{period}: Ansicht wechseln',
      previousMonth: 'Vorheriger Monat',
      nextMonth: 'Nächster Monat',
      previousYear: 'Vorheriges Jahr',
      nextYear: 'Nächstes Jahr',
      previousYears: 'Vorherige %{count} Jahre',
      nextYears: 'Nächste %{count} Jahre',
      errors: {
        parse: 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
        min: 'Das Datum darf nicht vor dem %{date} liegen.',
        max: 'Das Datum darf nicht nach dem %{date} liegen.',
        filter: 'Dieses Datum kann nicht gewählt werden.',
        time: 'Bitte geben Sie eine gültige Uhrzeit im Format HH:MM ein.',
        required: 'Dieses Feld ist ein Pflichtfeld.',
      },
    },
  },
};
