/** The product's name (a brand, the same in every language) and version (SPEC §9). */
export const APP_NAME = 'Candor';
export const APP_VERSION = '1.0.0';
