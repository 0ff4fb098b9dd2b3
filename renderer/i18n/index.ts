export { i18n, startI18n, switchLanguage } from './setup';
export { formatsFor, useFormats, type Formats } from './format';
