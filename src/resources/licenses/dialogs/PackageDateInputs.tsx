import { useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DatePickerField } from '../../../components/datePicker';
import { parseGermanDate } from '../../../domain/dates';
import { dateTextError, dayAfter, endDateError } from './packageDates';

// The typed text stays as it is: an empty field is '' (react-admin would store null).
const keepText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const validateStart = (value: unknown) => dateTextError(value) ?? undefined;
const validateEnd = (value: unknown, values: Record<string, unknown>) =>
  endDateError(values.startDate, value) ?? undefined;

/**
 * 'Gültig von' and 'Gültig bis' of a package (dialogs createLicensePackage and
 * updateLicensePackage) with the shared date picker: both required, the end after the start
 * (invalidEndDate, spec section 5). The end's message follows the start as it changes; its
 * calendar offers the days after the start only.
 */
export function PackageDateInputs() {
  const translate = useTranslate();
  const start = useInput({ source: 'startDate', validate: validateStart, parse: keepText, format: keepText });
  const end = useInput({ source: 'endDate', validate: validateEnd, parse: keepText, format: keepText });
  const startText = keepText(useWatch({ name: 'startDate' }));
  const endText = keepText(useWatch({ name: 'endDate' }));
  const submitted = start.formState.isSubmitted;
  const startShown = start.fieldState.isTouched || submitted;
  // A whole end date is checked against the start at once, also when the start changes later.
  const endShown = end.fieldState.isTouched || submitted || parseGermanDate(endText) !== null;
  return (
    <>
      <DatePickerField
        name={start.field.name}
        label={translate('resources.prepaid-packages.fields.startDate')}
        value={startText}
        onChange={start.field.onChange}
        onBlur={start.field.onBlur}
        required
        error={startShown ? dateTextError(startText) : null}
      />
      <DatePickerField
        name={end.field.name}
        label={translate('resources.prepaid-packages.fields.endDate')}
        value={endText}
        onChange={end.field.onChange}
        onBlur={end.field.onBlur}
        required
        min={dayAfter(startText)}
        openTo={dayAfter(startText)}
        error={endShown ? endDateError(startText, endText) : null}
      />
    </>
  );
}
