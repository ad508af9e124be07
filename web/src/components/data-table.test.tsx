import { Table } from '@radix-ui/themes';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

// jsdom lays nothing out: the box and the table are as wide as these say.
const size = { scroll: 0, client: 0 };

function mockWidths(scroll: number, client: number) {
  size.scroll = scroll;
  size.client = client;
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => size.scroll);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => size.client);
}

/** A ResizeObserver whose callbacks the test calls (the one of the setup never calls them). */
function observeResizes() {
  const callbacks: ResizeObserverCallback[] = [];
  const observed: Element[] = [];
  class Recording {
    constructor(callback: ResizeObserverCallback) {
      callbacks.push(callback);
    }
    observe(target: Element) {
      observed.push(target);
    }
    unobserve() {}
    disconnect() {
      callbacks.length = 0;
    }
  }
  vi.stubGlobal('ResizeObserver', Recording);
  const resize = () =>
    act(() => {
      for (const callback of [...callbacks]) callback([], {} as ResizeObserver);
    });
  return { resize, observed };
}

function Plain({ label = 'Requirements' }: { label?: string }) {
  return (
    <DataTable label={label}>
      <Table.Body>
        <Table.Row>
          <Table.Cell>Signed application</Table.Cell>
        </Table.Row>
      </Table.Body>
    </DataTable>
  );
}

const box = (container: HTMLElement) =>
  container.querySelector('.rt-ScrollAreaViewport') as HTMLElement;

describe('DataTable', () => {
  it('leaves the box alone when the table fits in it', () => {
    mockWidths(400, 400);
    const { container } = render(<Plain />);
    expect(box(container)).not.toBeNull();
    expect(box(container)).not.toHaveAttribute('tabindex');
    expect(box(container)).not.toHaveAttribute('role');
    expect(box(container)).not.toHaveAttribute('aria-label');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('makes the box a focusable region named after the table when the table is wider', () => {
    mockWidths(900, 400);
    const { container } = render(<Plain />);
    const region = screen.getByRole('region', { name: 'Requirements' });
    expect(region).toBe(box(container));
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByRole('table'));
  });

  it('does not count a pixel of rounding as overflow', () => {
    mockWidths(401, 400);
    render(<Plain />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('follows the sizes as they change, and the label', () => {
    const { resize, observed } = observeResizes();
    mockWidths(400, 400);
    const { container, rerender } = render(<Plain />);
    // The box and the table are both watched.
    expect(observed).toContain(box(container));
    expect(observed).toContain(container.querySelector('table'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    size.client = 300; // the window narrows
    resize();
    expect(screen.getByRole('region', { name: 'Requirements' })).toHaveAttribute('tabindex', '0');

    rerender(<Plain label="Open requirements" />);
    expect(screen.getByRole('region', { name: 'Open requirements' })).toBeInTheDocument();

    size.client = 900; // and widens again
    resize();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(box(container)).not.toHaveAttribute('tabindex');
    expect(box(container)).not.toHaveAttribute('aria-label');
  });
});
