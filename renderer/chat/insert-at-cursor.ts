/**
 * Puts dictated text into the field at its cursor as the user's own typing would: through the
 * browser's editing command, so it is one step on the field's undo stack and React's onChange
 * sees it. A selection is kept, not replaced (the text goes after it); a space separates the
 * text from a word it would otherwise touch.
 */
export function insertAtCursor(field: HTMLTextAreaElement, text: string) {
  const at = field.selectionEnd;
  const before = field.value.slice(0, at);
  const after = field.value.slice(at);
  const spaced = `${before && !/\s$/.test(before) ? ' ' : ''}${text}${after && !/^\s/.test(after) ? ' ' : ''}`;
  field.focus();
  field.setSelectionRange(at, at);
  if (document.execCommand('insertText', false, spaced)) return;
  // A browser without the command (it is deprecated, though every engine keeps it): no undo step, but the text is in.
  field.setRangeText(spaced, at, at, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
