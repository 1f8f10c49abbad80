import { type RefObject, useEffect } from 'react';

/** What Tab can reach inside a region (a disabled control cannot). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * Keeps a scrolling region reachable by keyboard (WCAG 2.1.1; axe: scrollable-region-focusable). A region
 * whose content scrolls but holds nothing Tab can reach (a screen of read-only tables) joins the tab order,
 * so arrow keys and Page Down scroll it; otherwise it stays out (-1: still focusable by a skip link), and
 * screens with controls keep their tab order unchanged. Checked once a frame at most, after the region's
 * content or size changes.
 */
export function useKeyboardScroll(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const scrolls = region.scrollHeight > region.clientHeight || region.scrollWidth > region.clientWidth;
      region.tabIndex = scrolls && region.querySelector(TABBABLE) === null ? 0 : -1;
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(region, { childList: true, subtree: true });
    const sizes = new ResizeObserver(schedule);
    sizes.observe(region);
    schedule();
    return () => {
      mutations.disconnect();
      sizes.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
}
