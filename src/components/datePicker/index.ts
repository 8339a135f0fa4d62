export { DatePickerField, type DatePickerFieldProps } from './DatePickerField';
export { LightTextField, type LightTextFieldProps } from './LightTextField';
export { TimeField, type TimeFieldProps } from './TimeField';
export {
  GERMAN_MONTH_NAMES,
  isSelectable,
  monthWeeks,
  multiYearRows,
  todayIso,
  validateDateText,
  YEARS_PER_PAGE,
  YEARS_PER_ROW,
  type CalendarView,
  type DateConstraints,
  type DateValidationError,
} from './calendar';
export { isValidTime, normalizeTime, sanitizeTimeInput, TIME_MAX_LENGTH } from './time';
