import { useEffect, useRef, type RefObject } from 'react';

/**
 * Arriving at a page's `#id` (an email's or another page's link to one section), the browser looks for the section
 * before the page has rendered it (a page waits for the user, a section for its own query), so the section is
 * brought into view once `ready`, and once only. In the next frame: the layout scrolls a newly opened page to the top
 * in an effect of its own, which runs after this one. Focus moves there too, so the keyboard continues from the
 * section (`target` needs `tabIndex={-1}` for that).
 */
export function useBringIntoViewOnArrival(id: string, target: RefObject<HTMLElement | null>, ready = true) {
  const arrived = useRef(false);
  useEffect(() => {
    if (!ready || arrived.current || window.location.hash !== `#${id}`) return;
    const frame = requestAnimationFrame(() => {
      arrived.current = true;
      target.current?.scrollIntoView({ block: 'start' });
      target.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [id, ready, target]);
}
