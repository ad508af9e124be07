import { Theme } from '@radix-ui/themes';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, DeleteDialog } from './confirm-dialog';

function Harness({
  onConfirm,
  typed = false,
  word,
}: {
  onConfirm: () => Promise<unknown>;
  typed?: boolean;
  word?: string;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Theme>
      <p>{open ? 'dialog open' : 'dialog closed'}</p>
      {typed ? (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Archive everything"
          description="This cannot be undone."
          confirmLabel="Archive"
          typedConfirmation
          confirmWord={word}
          onConfirm={onConfirm}
        />
      ) : (
        <DeleteDialog name="client" open={open} onOpenChange={setOpen} onConfirm={onConfirm} />
      )}
    </Theme>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('DeleteDialog', () => {
  it('asks with the spec wording and the buttons Delete and Keep it', () => {
    render(<Harness onConfirm={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete client' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this client?');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeEnabled();
  });

  it('Keep it closes without confirming', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
  });

  it('shows the processing state, then closes on success', async () => {
    const pending = deferred();
    render(<Harness onConfirm={() => pending.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // Processing: both buttons are disabled and the dialog cannot be dismissed.
    expect(screen.getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('dialog open')).toBeInTheDocument();
    pending.resolve();
    await waitFor(() => expect(screen.getByText('dialog closed')).toBeInTheDocument());
  });

  it('goes back to idle and stays open when confirming fails', async () => {
    const pending = deferred();
    render(<Harness onConfirm={() => pending.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    pending.reject(new Error('Client has policies'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });
});

describe('typed confirmation', () => {
  it("keeps the button disabled until the trimmed text equals the word (default 'Yes')", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(<Harness typed onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: 'Archive' });
    const input = screen.getByLabelText(/Type Yes to confirm/);
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'yes');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '  Yes  ');
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('dialog closed')).toBeInTheDocument());
  });

  it('accepts another word', async () => {
    render(<Harness typed word="DELETE" onConfirm={vi.fn().mockResolvedValue(undefined)} />);
    const confirm = screen.getByRole('button', { name: 'Archive' });
    await userEvent.type(screen.getByLabelText(/Type DELETE to confirm/), 'Yes');
    expect(confirm).toBeDisabled();
    await userEvent.clear(screen.getByLabelText(/Type DELETE to confirm/));
    await userEvent.type(screen.getByLabelText(/Type DELETE to confirm/), 'DELETE');
    expect(confirm).toBeEnabled();
  });
});

/** A list row's button that opens a dialog and, once confirmed, is gone (as Approve is). */
function Opener() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Theme>
      <main id="main" tabIndex={-1}>
        {done ? <p>Approved</p> : <button onClick={() => setOpen(true)}>Approve</button>}
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Approve"
          description="Approve it?"
          confirmLabel="Yes, approve"
          color="blue"
          onConfirm={() => setDone(true)}
        />
      </main>
    </Theme>
  );
}

describe('ConfirmDialog focus', () => {
  it('gives the focus back to what opened it, or to the main region when that is gone', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const approve = screen.getByRole('button', { name: 'Approve' });
    await user.click(approve);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(approve).toHaveFocus());

    await user.click(approve);
    await user.click(await screen.findByRole('button', { name: 'Yes, approve' }));
    await screen.findByText('Approved');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
