import type { Locale } from '@candor/contracts';
import zhTW from './locales/zh-TW/index.js';
import zhCN from './locales/zh-CN/index.js';
import en from './locales/en/index.js';
import ja from './locales/ja/index.js';
import ko from './locales/ko/index.js';
import th from './locales/th/index.js';
import id from './locales/id/index.js';
import vi from './locales/vi/index.js';
import fr from './locales/fr/index.js';
import de from './locales/de/index.js';

/** Every namespace, each present in every locale (a test fails on a missing or extra key). */
export const resources = { 'zh-TW': zhTW, 'zh-CN': zhCN, en, ja, ko, th, id, vi, fr, de } satisfies Record<Locale, object>;
export type Namespace = keyof typeof zhTW;
export const NAMESPACES = Object.keys(zhTW) as Namespace[];
