export { BirthDatePickerField, type BirthDatePickerFieldProps } from './BirthDatePickerField';
export { DatePickerField, type DatePickerFieldProps } from './DatePickerField';
export { LightTextField, type LightTextFieldProps } from './LightTextField';
export { TimeField, type TimeFieldProps } from './TimeField';
export type { CalendarView } from './calendar';
export { isSelectable, validateDateText, type DateConstraints, type DateValidationError } from './dateConstraints';
export { isValidTime, normalizeTime, sanitizeTimeInput, TIME_MAX_LENGTH } from './time';
