/** An SQL function of the database as functions.ts holds it (the rule for changing one is there). */
export interface SchemaFunction {
  /** The function's name (one definition per name: no overloads). */
  name: string;
  /** The migration that last created it (its name in the migrations table). */
  migration: string;
  /** The whole statement, as that migration runs it (less its indentation). */
  sql: string;
}
