import { birthDatePickerLimits } from '../../domain/birthDate';
import { DatePickerField, type DatePickerFieldProps } from './DatePickerField';

export type BirthDatePickerFieldProps = Omit<
  DatePickerFieldProps,
  'min' | 'max' | 'filter' | 'startView' | 'openTo' | 'time'
>;

/**
 * A birth date (issue 8): the calendar opens on the years around thirty years back, and days in
 * the future or of anyone younger than 16 cannot be chosen (src/domain/birthDate.ts, the same
 * rule the form's validator and the server apply to a typed date).
 */
export function BirthDatePickerField(props: BirthDatePickerFieldProps) {
  return <DatePickerField {...props} {...birthDatePickerLimits()} startView="multi-year" />;
}
