import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './confirm-dialog.css';

/** A question to the administrator; the labels default to the console's Italian "Conferma" / "Annulla". */
export interface ConfirmRequest {
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Resolves true when the administrator confirms, false on Annulla, Esc or a click outside the dialog. */
export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** The console's confirm, from the nearest ConfirmProvider (every exposed admin page has one). */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider (see italianPage)');
  return confirm;
}

interface Pending extends ConfirmRequest {
  resolve: (answer: boolean) => void;
}

/**
 * The console's own confirm dialog instead of the browser's `confirm()`, which cannot be styled, reads in the
 * browser's language and blocks the page's JavaScript. One question at a time: a second request while one is
 * open is answered "no" (the first question is still the one on screen).
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const openRef = useRef(false);
  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        if (openRef.current) return resolve(false);
        openRef.current = true;
        setPending({ ...request, resolve });
      }),
    [],
  );
  const answer = useCallback(
    (value: boolean) => {
      pending?.resolve(value);
      openRef.current = false;
      setPending(null);
    },
    [pending],
  );
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && <ConfirmDialog request={pending} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * role="alertdialog", modal: focus moves to Annulla (the choice that loses nothing), Tab and Shift+Tab stay
 * inside, Esc cancels, and focus returns to what had it before (the button that asked).
 */
function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (value: boolean) => void }) {
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => before?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onAnswer(false);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop cancels, as Esc and Annulla do for keyboards
    <div className="ac-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onAnswer(false)}>
      <div ref={dialog} className="ac-dialog" role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={messageId} lang="it" onKeyDown={onKeyDown}>
        <h2 id={titleId} className="ac-dialog__title">
          Conferma
        </h2>
        <p id={messageId}>{request.message}</p>
        <div className="ac-dialog__actions">
          <button ref={cancel} type="button" className="ac-btn" onClick={() => onAnswer(false)}>
            {request.cancelLabel ?? 'Annulla'}
          </button>
          <button type="button" className="ac-btn ac-btn-primary" onClick={() => onAnswer(true)}>
            {request.confirmLabel ?? 'Conferma'}
          </button>
        </div>
      </div>
    </div>
  );
}
