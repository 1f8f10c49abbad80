import { ScrollArea, type ScrollAreaAutosizeProps } from '@mantine/core';
import { useRef } from 'react';
import classes from './keyboard-scroll-area.module.css';
import { useKeyboardScroll } from './use-keyboard-scroll.ts';

/**
 * Mantine's ScrollArea.Autosize for read-only content (a list, a table of text): when it scrolls with nothing
 * inside that Tab reaches, it joins the tab order so the keyboard can scroll it (WCAG 2.1.1; axe:
 * scrollable-region-focusable), with a visible focus ring.
 */
export function KeyboardScrollArea(props: ScrollAreaAutosizeProps) {
  const viewport = useRef<HTMLDivElement>(null);
  useKeyboardScroll(viewport);
  return <ScrollArea.Autosize {...props} viewportRef={viewport} classNames={{ viewport: classes.viewport }} />;
}
