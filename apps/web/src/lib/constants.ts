/** The product's name (a brand, the same in every language) and version (shown on the About page). */
export const APP_NAME = 'Candor';
export const APP_VERSION = '1.0.0';
