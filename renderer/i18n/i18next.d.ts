import 'i18next';
import type { english } from '../../shared/i18n/english';

// Keys are checked against the English catalogue: a key used in code but missing there fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof english;
  }
}
