import { useEffect } from 'react';
import type { JsonEditorStore } from '../stores/json-editor-store';

/** Reset discards the text: with unsaved edits it asks first, so that a stray Esc never loses work. */
export function confirmReset(editor: JsonEditorStore): void {
  if (editor.dirty && !window.confirm('Scartare le modifiche non salvate?')) return;
  editor.reset();
}

/** Is the keyboard focus in a field of its own (search box, select…) rather than the JSON editor? */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.ac-editor-frame')) return false;
  return target.matches('input, textarea, select, [contenteditable="true"]');
}

/**
 * Ctrl/Cmd+S saves, +R reloads, +F formats, Esc resets (SPEC sections 2 and 9). Ignored while typing in
 * another input or text area. The browser's own meaning of the keys (save page, reload, find) is replaced
 * only when the editor acts on them.
 */
export function useEditorShortcuts(editor: JsonEditorStore): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (typingElsewhere(event.target)) return;
      if (event.key === 'Escape') {
        confirmReset(editor);
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
        void editor.reload();
      } else if (key === 'f') {
        event.preventDefault();
        editor.format();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [editor]);
}
