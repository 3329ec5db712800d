/** True while this page rings the bell itself (from the press to leaving for the result page): its own sequence then
 * speaks for the ring, and the room's message about it is not news here. */
let ringing = false;
export function setRingingHere(active: boolean): void {
  ringing = active;
}
export function isRingingHere(): boolean {
  return ringing;
}
