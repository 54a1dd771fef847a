import { useCallback, useLayoutEffect, useRef } from 'react';

const supportsFieldSizing = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * Lets a textarea grow with its text, so a long answer is never hidden behind a scroll bar. Browsers
 * with CSS `field-sizing: content` (set in the widgets' CSS) do it themselves; in the others the height
 * is set from `scrollHeight` (px, plus 2 for the border) whenever the text changes.
 *
 * @param text - the textarea's current value
 * @returns a callback ref to give the textarea (call it from the textarea's own ref callback)
 */
export function useAutoGrow(text: string): (element: HTMLTextAreaElement | null) => void {
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const element = textarea.current;
    if (supportsFieldSizing || !element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + 2}px`;
  }, [text]);
  return useCallback((element: HTMLTextAreaElement | null) => {
    textarea.current = element;
  }, []);
}
