/** Whether the database is migrated (and seeded, unless DEMO_SEED=false) already. */
export declare function demoDatabaseReady(env: Record<string, string | undefined>): Promise<boolean>
