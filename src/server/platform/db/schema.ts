/**
 * The whole database as Kysely sees it: each module declares its own tables' row types in its
 * tables.ts and adds them to this interface there (`declare module '…/platform/db/schema'`), so
 * the module that declares a table is its owner. Booleans are stored as integers 0/1 and times
 * as ISO-8601 text on both databases, so rows look the same whichever one is in use.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface DB {}
