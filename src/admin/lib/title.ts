import { useEffect } from 'react';

/** Each back office screen names itself in the window's title. */
export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Back office | Skyline Balloons`;
  }, [title]);
}
