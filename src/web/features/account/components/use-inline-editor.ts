import { useEffect, useRef, useState } from 'react';

/**
 * Open/closed state of a form that replaces its own 'Change' button. Closing it puts the focus back on that
 * button, which is back in the page by then, instead of leaving it on nothing.
 */
export function useInlineEditor(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const opener = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [open]);

  return {
    open,
    opener,
    show: () => setOpen(true),
    close: () => {
      refocus.current = true;
      setOpen(false);
    },
  };
}
