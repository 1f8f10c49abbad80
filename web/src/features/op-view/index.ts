/** The operatory display (`/op-view`): who is in each chair and who is next, read from the device. */
export { OpViewPage } from './op-view-page.tsx';
