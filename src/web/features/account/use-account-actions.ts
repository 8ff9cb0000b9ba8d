import { notify } from './notify';
import { useState } from 'react';
import type { Customer } from '../../../contract/accounts';
import { useRefreshCustomer } from './api';
import type { SaveStatus } from './edit-frame';
import { customerErrorMessage } from './login-error';

/** Address actions that stay on the page (set default, delete): the message, then the refreshed customer. */
export function useAccountActions() {
  const refresh = useRefreshCustomer();
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<SaveStatus | null>(null);
  async function run(key: string, call: () => Promise<Customer>, success: string, failure: string): Promise<void> {
    setBusy(key);
    setStatus(null);
    try {
      const customer = await call();
      await refresh(customer);
      setStatus({ ok: true, text: success });
      notify(true, success);
    } catch (err) {
      const text = customerErrorMessage(err, failure);
      setStatus({ ok: false, text });
      notify(false, text);
    } finally {
      setBusy(null);
    }
  }
  return { run, busy, status };
}
