/** A globe, drawn beside the language's name. */
export function GlobeIcon() {
  return (
    <svg className="language-button__icon" width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2 10h16M10 2c2.4 2.2 3.6 4.9 3.6 8s-1.2 5.8-3.6 8c-2.4-2.2-3.6-4.9-3.6-8S7.6 4.2 10 2z" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
