import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import classes from './header.module.css';

interface MegaMenuProps {
  label: string;
  width: number;
  /** Starts loading the panel's code: called on the first hover or focus, before a click opens it. */
  preload: () => void;
  children: (close: () => void) => ReactNode;
}

/**
 * A top-navigation panel. Opens on mouse hover, on click or tap, and on Enter/Space from the
 * keyboard; Escape closes it and returns focus to its button; a click outside or any navigation
 * closes it (spec: panels collapse after a click navigates). Rendered in place, not in a portal,
 * so Tab moves from the button straight into the panel's links. A plain positioned box rather
 * than Mantine's Popover: the header is on every page, and Popover brings floating-ui with it.
 */
export function MegaMenu({ label, width, preload, children }: MegaMenuProps) {
  const [opened, setOpened] = useState(false);
  const openedBy = useRef<'hover' | 'click'>('click');
  const closeTimer = useRef<number | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Any navigation closes the panel.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpened(false);
  }
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  // A click outside closes it; so does Escape wherever the focus is.
  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpened(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpened(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [opened]);

  // Keep the panel inside the window on narrower screens (it opens below its button, to the right).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!opened || !panel) return;
    panel.style.transform = '';
    const overflow = panel.getBoundingClientRect().right - (document.documentElement.clientWidth - 12);
    if (overflow > 0) panel.style.transform = `translateX(${-overflow}px)`;
  }, [opened]);

  const close = () => setOpened(false);
  const closeOnLeave = () => {
    if (openedBy.current === 'hover') setOpened(false);
  };
  const onPointerEnter = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    preload();
    window.clearTimeout(closeTimer.current);
    if (!opened) {
      openedBy.current = 'hover';
      setOpened(true);
    }
  };
  const onPointerLeave = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    closeTimer.current = window.setTimeout(closeOnLeave, 200);
  };
  // A click right after the hover that opened the panel keeps it open (the pointer events of one
  // click arrive before React re-renders, so the state is read through the updater).
  const onClick = () => {
    const byHover = openedBy.current === 'hover';
    openedBy.current = 'click';
    setOpened((o) => (byHover ? true : !o));
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || !opened) return;
    e.stopPropagation();
    setOpened(false);
    buttonRef.current?.focus();
  };

  return (
    <div ref={rootRef} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onKeyDown={onKeyDown} onFocus={preload} className={classes.megaRoot}>
      <button
        type="button"
        ref={buttonRef}
        className={`${classes.navLink} ${classes.navButton}`}
        aria-expanded={opened}
        data-active={opened || undefined}
        onClick={onClick}
      >
        {label}
        <span aria-hidden className={classes.chevron}>
          ▾
        </span>
      </button>
      {opened && (
        <div ref={panelRef} role="dialog" aria-label={`${label} menu`} className={classes.megaPanel} style={{ width }}>
          <Suspense fallback={<div className={classes.panelLoading}>Loading…</div>}>{children(close)}</Suspense>
        </div>
      )}
    </div>
  );
}
