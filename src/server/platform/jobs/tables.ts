/** CSV imports being applied (migration 2026-11-26T00-30-import-jobs). */
export interface ImportJobTable {
  /** A random UUID: the jobId of the API. */
  id: string;
  status: 'running' | 'done' | 'failed';
  /** Who started it (the audit log's actor label). */
  actor: string;
  /** Rows to write (new and changed) and rows written so far. */
  total: number;
  done: number;
  new_count: number;
  changed_count: number;
  unchanged_count: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../db/schema' {
  interface DB {
    import_jobs: ImportJobTable;
  }
}
