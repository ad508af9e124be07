import { createIcon } from './create-icon';

/** Six dots: the handle of a row that can be dragged to another place. */
export const DragHandleDots2Icon = createIcon(
  'DragHandleDots2Icon',
  'M6.625 3.5A1.125 1.125 0 1 1 4.375 3.5A1.125 1.125 0 1 1 6.625 3.5ZM10.625 3.5A1.125 1.125 0 1 1 8.375 3.5A1.125 1.125 0 1 1 10.625 3.5ZM6.625 7.5A1.125 1.125 0 1 1 4.375 7.5A1.125 1.125 0 1 1 6.625 7.5ZM10.625 7.5A1.125 1.125 0 1 1 8.375 7.5A1.125 1.125 0 1 1 10.625 7.5ZM6.625 11.5A1.125 1.125 0 1 1 4.375 11.5A1.125 1.125 0 1 1 6.625 11.5ZM10.625 11.5A1.125 1.125 0 1 1 8.375 11.5A1.125 1.125 0 1 1 10.625 11.5Z',
);
