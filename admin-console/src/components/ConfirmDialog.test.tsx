import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmProvider, useConfirm } from './ConfirmDialog';

/** A button that asks, and what the answer was. */
function Asker() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('nessuna');
  return (
    <>
      <button type="button" onClick={() => void confirm({ message: 'Eliminare tutto?', confirmLabel: 'Elimina' }).then((yes) => setAnswer(yes ? 'sì' : 'no'))}>
        Chiedi
      </button>
      <output aria-label="Risposta">{answer}</output>
    </>
  );
}

function setup() {
  const user = userEvent.setup({ delay: null });
  render(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
  );
  return { user, ask: () => user.click(screen.getByRole('button', { name: 'Chiedi' })), answer: () => screen.getByRole('status', { name: 'Risposta' }).textContent };
}

describe('ConfirmDialog', () => {
  it('is a labelled modal alertdialog with the question; focus starts on Annulla', async () => {
    const { ask } = setup();
    await ask();
    const dialog = screen.getByRole('alertdialog', { name: 'Conferma' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Eliminare tutto?');
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, ask } = setup();
    await ask();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elimina' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Annulla' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Elimina' })).toHaveFocus();
  });

  it.each([
    ['Esc', 'no', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Annulla', 'no', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Annulla' }))],
    ['the confirm button', 'sì', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Elimina' }))],
  ])('%s answers %s, closes the dialog and gives focus back to the button that asked', async (_how, expected, act) => {
    const { user, ask, answer } = setup();
    await ask();
    await act(user);
    await waitFor(() => expect(answer()).toBe(expected));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chiedi' })).toHaveFocus();
  });
});
