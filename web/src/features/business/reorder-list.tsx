import { Flex, IconButton } from '@radix-ui/themes';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ArrowDownIcon } from '@/components/icons/arrow-down';
import { ArrowUpIcon } from '@/components/icons/arrow-up';
import { DragHandleDots2Icon } from '@/components/icons/drag-handle-dots-2';
import { dropIndex } from './reorder';
import './providers.css';

export interface ReorderListProps<T> {
  items: readonly T[];
  getKey: (item: T) => number;
  /** The words that name an item: 'Move {label} up', announcements. */
  getLabel: (item: T) => string;
  /** The accessible name of the list. */
  label: string;
  /** Offer the drag handle, the move buttons and Alt+Arrow keys. */
  canReorder: boolean;
  /** Moves `item` to `to` (0-based). */
  onMove: (item: T, to: number) => void;
  /** What was last moved or put back, for the aria-live region. */
  announcement: string;
  /** The item itself. */
  renderItem: (item: T, index: number) => ReactNode;
  /** More controls after the move buttons (edit, delete). */
  renderActions?: (item: T) => ReactNode;
}

type Drop = { index: number; after: boolean };
type Direction = 'up' | 'down';

/**
 * An ordered list that staff may rearrange: by dragging an item's handle (native drag and
 * drop, the whole row as the drag image, a line where it will land), with the Move up and
 * Move down buttons, or with Alt+Arrow Up and Alt+Arrow Down anywhere in a row. The focus
 * follows the moved item, and an aria-live region says where it went.
 */
export function ReorderList<T>({
  items,
  getKey,
  getLabel,
  label,
  canReorder,
  onMove,
  announcement,
  renderItem,
  renderActions,
}: ReorderListProps<T>) {
  const hintId = useId();
  const [dragging, setDragging] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const rows = useRef(new Map<number, HTMLLIElement>());
  const refocus = useRef<{ key: number; element: Element | null } | null>(null);

  // After a keyboard move the row is elsewhere, and React may have moved its node, which
  // loses the focus: give it back to the control that had it, or to the other move button
  // when that one is disabled now (the item reached an end).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const row = rows.current.get(wanted.key);
    if (!row) return;
    let target: HTMLElement | null =
      wanted.element instanceof HTMLElement && row.contains(wanted.element) ? wanted.element : null;
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) {
      target = row.querySelector<HTMLElement>('button[data-move]:not(:disabled)');
    }
    if (target && document.activeElement !== target) target.focus();
  }, [items]);

  const step = (item: T, index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return;
    refocus.current = { key: getKey(item), element: document.activeElement };
    onMove(item, to);
  };

  const endDrag = () => {
    setDragging(null);
    setDrop(null);
  };

  const rowEvents = (item: T, index: number) => {
    if (!canReorder) return {};
    return {
      onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        event.preventDefault();
        step(item, index, event.key === 'ArrowUp' ? 'up' : 'down');
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        const box = event.currentTarget.getBoundingClientRect();
        const after = event.clientY > box.top + box.height / 2;
        const from = items.findIndex((i) => getKey(i) === dragging);
        // No line where the item would not move (on itself or next to it).
        if (dropIndex(from, index, after) === from) {
          if (drop) setDrop(null);
        } else if (drop?.index !== index || drop.after !== after) {
          setDrop({ index, after });
        }
      },
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        if (dragging === null) return;
        event.preventDefault();
        const from = items.findIndex((i) => getKey(i) === dragging);
        const box = event.currentTarget.getBoundingClientRect();
        const to = dropIndex(from, index, event.clientY > box.top + box.height / 2);
        const moved = items[from];
        endDrag();
        if (moved !== undefined && from >= 0 && to !== from) onMove(moved, to);
      },
    };
  };

  return (
    <>
      {canReorder ? (
        <p id={hintId} className="sr-only">
          To change the order, use the Move up and Move down buttons, press Alt+Arrow Up or
          Alt+Arrow Down within an item, or drag an item by its handle.
        </p>
      ) : null}
      <ol
        className="reorder-list"
        aria-label={label}
        aria-describedby={canReorder ? hintId : undefined}
      >
        {items.map((item, index) => {
          const key = getKey(item);
          const name = getLabel(item);
          const dropHere = drop?.index === index ? (drop.after ? 'after' : 'before') : undefined;
          return (
            <li
              key={key}
              ref={(node) => {
                if (node) rows.current.set(key, node);
                else rows.current.delete(key);
              }}
              className="reorder-item"
              data-dragging={dragging === key ? '' : undefined}
              data-drop={dropHere}
              {...rowEvents(item, index)}
            >
              {canReorder ? (
                <span
                  className="reorder-handle"
                  draggable
                  aria-hidden
                  title="Drag to change the order"
                  onDragStart={(event) => {
                    const row = rows.current.get(key);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', name);
                    if (row) {
                      const box = row.getBoundingClientRect();
                      event.dataTransfer.setDragImage(
                        row,
                        event.clientX - box.left,
                        event.clientY - box.top,
                      );
                    }
                    setDragging(key);
                  }}
                  onDragEnd={endDrag}
                >
                  <DragHandleDots2Icon />
                </span>
              ) : null}
              <span className="reorder-position" aria-hidden>
                {index + 1}
              </span>
              <div className="reorder-content">{renderItem(item, index)}</div>
              {canReorder || renderActions ? (
                <Flex className="reorder-actions provider-row-actions" gap="1" align="center">
                  {canReorder ? (
                    <>
                      <IconButton
                        size="2"
                        variant="ghost"
                        color="gray"
                        data-move="up"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => step(item, index, 'up')}
                      >
                        <ArrowUpIcon />
                      </IconButton>
                      <IconButton
                        size="2"
                        variant="ghost"
                        color="gray"
                        data-move="down"
                        aria-label={`Move ${name} down`}
                        disabled={index === items.length - 1}
                        onClick={() => step(item, index, 'down')}
                      >
                        <ArrowDownIcon />
                      </IconButton>
                    </>
                  ) : null}
                  {renderActions?.(item)}
                </Flex>
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
