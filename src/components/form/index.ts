export { LumioFormToolbar } from './LumioFormToolbar';
export { zodValidator } from './zodValidator';
