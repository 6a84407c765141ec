// See intl-warmup.ts: a plain and a compact formatter load the number data the app's formatters use.
const lang = navigator.language || 'en';
new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(1234.5);
new Intl.NumberFormat(lang, { notation: 'compact' }).format(12_345);
self.close();
