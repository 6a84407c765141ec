export * from './money.js';
export * from './validation.js';
