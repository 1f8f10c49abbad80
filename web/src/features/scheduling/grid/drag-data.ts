/** What a drag carries, so the grid knows a move from a resize without parsing ids. */
export interface DragData {
  kind: 'move' | 'resize';
  appointmentId: string;
}

/** The id prefix of a card's resize handle among dnd-kit's draggables. */
export const RESIZE_PREFIX = 'resize:';

/** Where a card being dragged would land, shown while it moves, with local conflicts already checked. */
export type DragPreview =
  | { kind: 'move'; id: string; room: string; minute: number; conflict: boolean }
  | { kind: 'resize'; id: string; duration: number; conflict: boolean };
