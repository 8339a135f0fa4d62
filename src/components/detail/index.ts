export { DetailSection, EMPTY_VALUE, FieldGrid } from './DetailSection';
export { ShowOrBackToList } from './ShowOrBackToList';
export { ReadOnlyTextFields } from './ReadOnlyTextFields';
