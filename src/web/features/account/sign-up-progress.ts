import { useCallback, useEffect, useState } from 'react';
import type { SignUpInput } from '../../../contract/accounts';
import { SIGN_UP_KEY } from '../../lib/session';

/**
 * The sign-up wizard's state (spec §4 Signup): the step (0 email, 1 contact and ZIP, 2 the rest)
 * and the data gathered so far. Kept in localStorage so a reload resumes where the buyer was;
 * passwords are never stored.
 */
export type SignUpStep = 0 | 1 | 2;
export type SignUpData = Partial<Omit<SignUpInput, 'password' | 'reenterPassword'>>;

interface Progress {
  step: SignUpStep;
  data: SignUpData;
}

const EMPTY: Progress = { step: 0, data: {} };

function read(): Progress {
  try {
    const parsed = JSON.parse(localStorage.getItem(SIGN_UP_KEY) ?? 'null') as Progress | null;
    if (parsed && [0, 1, 2].includes(parsed.step) && typeof parsed.data === 'object' && parsed.data) return parsed;
  } catch {
    // unreadable: start again
  }
  return EMPTY;
}

export function useSignUpProgress() {
  const [progress, setProgress] = useState<Progress>(read);
  useEffect(() => {
    try {
      if (progress.step === 0 && Object.keys(progress.data).length === 0) localStorage.removeItem(SIGN_UP_KEY);
      else localStorage.setItem(SIGN_UP_KEY, JSON.stringify(progress));
    } catch {
      // private mode: the wizard simply does not survive a reload
    }
  }, [progress]);
  const next = useCallback((data: SignUpData) => setProgress((p) => ({ step: Math.min(2, p.step + 1) as SignUpStep, data: { ...p.data, ...data } })), []);
  const previous = useCallback((data: SignUpData = {}) => setProgress((p) => ({ step: Math.max(0, p.step - 1) as SignUpStep, data: { ...p.data, ...data } })), []);
  const clear = useCallback(() => setProgress(EMPTY), []);
  return { ...progress, next, previous, clear };
}
