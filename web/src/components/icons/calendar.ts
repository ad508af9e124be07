import { createIcon } from './create-icon';

/** A calendar page: its frame with a heavier top band, and the two rings above it (drawn for
 *  this app on the 15×15 grid of the other icons). */
export const CalendarIcon = createIcon(
  'CalendarIcon',
  'M2 3H13V13H2V3ZM3 6H12V12H3V6ZM4 1H5V3H4V1ZM10 1H11V3H10V1Z',
);
