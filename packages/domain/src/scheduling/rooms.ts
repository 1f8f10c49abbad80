/** A treatment room as GET /api/treatment-rooms lists it: both spellings the spec's screens read. */
export interface TreatmentRoom {
  id: number;
  /** The room code appointments refer to, such as 'Room 3'. */
  roomId: string;
  room_id: string;
  roomName: string;
  room_name: string;
  name: string;
  roomType: string;
  type: string;
  practiceId: number;
}
