/**
 * The keys that focus the header search from anywhere: '/' (as on GitHub and most market trackers) and
 * Ctrl+K / ⌘K. '/' is left alone while the user types in a field, so it can still be typed; Ctrl/⌘+K works
 * everywhere (no field uses it) except inside the admin console's code editor, which has its own bindings.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, target: EventTarget | null): boolean {
  if (insideCodeEditor(target)) return false;
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(target);
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  return (target as HTMLElement).isContentEditable === true || target.closest('[contenteditable="true"]') !== null;
}

function insideCodeEditor(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.monaco-editor') !== null;
}
