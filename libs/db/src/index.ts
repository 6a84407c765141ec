export * from './entities/user.entity.js';
export * from './entities/operator.entity.js';
export * from './entities/invitation-code.entity.js';
export * from './entities/session.entity.js';
export * from './entities/audit-log.entity.js';
export * from './entities/ledger.entity.js';
export * from './data-source.js';
export * from './jobs.js';
