import { type DraggableAttributes, type DraggableSyntheticListeners, useDraggable } from '@dnd-kit/core';
import { type KeyboardEvent, type PointerEvent, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import type { DragData } from './drag-data.ts';
import { createSignal, type Signal, useSignal } from './signal.ts';

/** What dnd-kit made of the card a drag would pick up, for that card alone to show. */
export interface DragSource {
  id: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  dragging: boolean;
}

/**
 * dnd-kit re-renders every draggable twice as a drag starts, so cards are not draggables: one
 * source is, and it is pointed at the card last hovered, focused or pressed.
 */
export interface CardDrag {
  /** The card element the source is pointed at. */
  target: Signal<HTMLElement | null>;
  source: Signal<DragSource | null>;
}

export function createCardDrag(): CardDrag {
  return { target: createSignal<HTMLElement | null>(null), source: createSignal<DragSource | null>(null) };
}

/** Not during a drag: dnd-kit must keep measuring and moving the card it picked up. */
export function aimAt(drag: CardDrag, card: HTMLElement): void {
  if (!drag.source.get()?.dragging) drag.target.set(card);
}

/**
 * Hands a card's event to dnd-kit. A touch screen has no hover to aim the source first, so it is
 * aimed here, synchronously, for its listeners to pick up this card and not the last one.
 */
export function startDrag(
  drag: CardDrag,
  card: HTMLElement,
  event: PointerEvent<HTMLElement> | KeyboardEvent<HTMLElement>,
): void {
  if (drag.target.get() !== card) {
    if (drag.source.get()?.dragging) return;
    flushSync(() => drag.target.set(card));
  }
  const listeners = drag.source.get()?.listeners;
  if (event.type === 'pointerdown') listeners?.onPointerDown?.(event);
  else listeners?.onKeyDown?.(event);
}

/** The one component that consumes dnd-kit's draggable context for cards. */
export function CardDragSource({ drag, editable }: { drag: CardDrag; editable: boolean }) {
  const card = useSignal(drag.target);
  const id = card?.dataset.appointmentId ?? '';
  const data: DragData = { kind: 'move', appointmentId: id };
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id,
    data,
    disabled: !editable || !id,
    attributes: { roleDescription: 'appointment' },
  });
  const translate = transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : '';

  useLayoutEffect(() => setNodeRef(card), [card, setNodeRef]);
  useLayoutEffect(() => {
    drag.source.set(id ? { id, attributes, listeners, dragging: isDragging } : null);
  }, [drag, id, attributes, listeners, isDragging]);
  // Set on the node, not rendered: the card is not re-rendered for each pointer move.
  useLayoutEffect(() => {
    if (!card || !translate) return;
    card.style.transform = translate;
    return () => {
      card.style.transform = '';
    };
  }, [card, translate]);
  return null;
}
