import type { BrowserContext, Page } from 'playwright-core';
export declare const SCREENSHOT_DIR: string;
export declare const CHROMIUM_PATH: string;
export declare const VIEWPORT: { width: number; height: number };
export declare const CHROMIUM_ARGS: string[];
/** Headless Debian Chromium with a fresh temporary profile (removed on close), 375x812. */
export declare function launchBrowser(options?: Parameters<typeof import('playwright-core').chromium.launchPersistentContext>[1]): Promise<BrowserContext>;
/** Saves screenshots/<name>.png of the page's viewport; returns the file path. */
export declare function screenshot(page: Page, name: string): Promise<string>;
