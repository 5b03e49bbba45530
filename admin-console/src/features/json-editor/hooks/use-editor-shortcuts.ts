import { useEffect } from 'react';
import type { Confirm } from '../../../components/ConfirmDialog';
import type { JsonEditorStore } from '../stores/json-editor-store';

export const DISCARD_QUESTION = 'Scartare le modifiche non salvate?';
export const DISCARD_LABEL = 'Scarta modifiche';

/** With unsaved edits, asks before an action that discards them (a stray key must never lose work). */
export async function discardAllowed(editor: JsonEditorStore, confirm: Confirm): Promise<boolean> {
  return !editor.dirty || confirm({ message: DISCARD_QUESTION, confirmLabel: DISCARD_LABEL });
}

/** Reset (Esc) discards the text and the selection. */
export async function confirmReset(editor: JsonEditorStore, confirm: Confirm): Promise<void> {
  if (await discardAllowed(editor, confirm)) editor.reset();
}

/** Ricarica JSON (Ctrl+R, and the conflict banner's Ricarica) replaces the text with the stored product. */
export async function confirmReload(editor: JsonEditorStore, confirm: Confirm): Promise<void> {
  if (editor.buttons.reload && (await discardAllowed(editor, confirm))) await editor.reload();
}

/** Is the keyboard focus in a field of its own (search box, select…) rather than the JSON editor? */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // A dialog is open: its own keys (Esc cancels it) must not reach the editor.
  if (target.closest('[aria-modal="true"]')) return true;
  if (target.closest('.ac-editor-frame')) return false;
  return target.matches('input, textarea, select, [contenteditable="true"]');
}

/**
 * Ctrl/Cmd+S saves, +R reloads, +F formats, Esc resets (SPEC sections 2 and 9). Ignored while typing in
 * another input or text area. The browser's own meaning of the keys (save page, reload, find) is replaced
 * only when the editor acts on them.
 */
export function useEditorShortcuts(editor: JsonEditorStore, confirm: Confirm): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingElsewhere(event.target)) return;
      if (event.key === 'Escape') {
        void confirmReset(editor, confirm);
        return;
      }
      if (!(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 's' || key === 'r' || key === 'f') event.stopPropagation(); // not Monaco's own find/save
      if (key === 's') {
        event.preventDefault();
        void editor.save();
      } else if (key === 'r') {
        event.preventDefault();
        void confirmReload(editor, confirm);
      } else if (key === 'f') {
        event.preventDefault();
        editor.format();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [editor, confirm]);
}
