import type { ReactNode } from 'react';

/**
 * A form that the contract's schema checks, not the browser: the browser's own checks are off, and
 * Enter or the submit button calls `onSubmit`, which checks the fields and sends them.
 */
export function SchemaForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
