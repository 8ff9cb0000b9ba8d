import { notify } from './notify';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Customer } from '../../../contract/accounts';
import { useRefreshCustomer } from './api';
import type { SaveStatus } from './edit-frame';
import { customerErrorMessage } from './login-error';
import { SAVE_REDIRECT_MS } from './texts';

/**
 * An account edit (spec §4 Account edit forms): on success the message, the refreshed profile,
 * then after one second the next page; on failure the server's message or the screen's own.
 */
export function useAccountSave() {
  const navigate = useNavigate();
  const refresh = useRefreshCustomer();
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** `handled(err)` answers true for a failure the page deals with itself (no error shown). */
  async function save(run: () => Promise<unknown>, texts: { success: string; failure: string; then: string }, handled?: (err: unknown) => boolean): Promise<boolean> {
    setStatus(null);
    try {
      const answer = await run();
      const customer = answer && typeof answer === 'object' && 'shipTo' in answer ? (answer as Customer) : undefined;
      setStatus({ ok: true, text: texts.success });
      notify(true, texts.success);
      await refresh(customer);
      timer.current = setTimeout(() => void navigate(texts.then), SAVE_REDIRECT_MS);
      return true;
    } catch (err) {
      if (handled?.(err)) return false;
      const text = customerErrorMessage(err, texts.failure);
      setStatus({ ok: false, text });
      notify(false, text);
      return false;
    }
  }
  return { status, save };
}
