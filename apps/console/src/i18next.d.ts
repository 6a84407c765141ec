import 'i18next';
import type { resources } from '@candor/i18n';

// Typed keys: a `t('...')` call naming a key that zh-TW (the reference locale) lacks fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'console';
    resources: (typeof resources)['zh-TW'];
  }
}
