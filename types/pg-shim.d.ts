// Tests open plain pg connections; the project does not depend on @types/pg.
declare module 'pg';
