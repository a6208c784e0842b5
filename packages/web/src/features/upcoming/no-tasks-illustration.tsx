/** A calm illustration for an empty task list: a calendar page with a tick. Decorative only. */
export function NoTasksIllustration({ size = 160 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 160 160" aria-hidden="true" focusable="false">
      <circle cx="80" cy="84" r="64" fill="var(--mantine-primary-color-light)" />
      <rect
        x="38"
        y="40"
        width="84"
        height="86"
        rx="10"
        fill="var(--mantine-color-body)"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth="3"
      />
      <path d="M38 62h84" stroke="var(--mantine-primary-color-filled)" strokeWidth="3" />
      <path
        d="M58 32v18M102 32v18"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M62 94l12 12 26-26"
        fill="none"
        stroke="var(--mantine-color-teal-6)"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="132" cy="40" r="5" fill="var(--mantine-color-yellow-5)" />
      <circle cx="26" cy="108" r="4" fill="var(--mantine-color-grape-4)" />
      <circle cx="136" cy="118" r="3" fill="var(--mantine-color-teal-4)" />
    </svg>
  );
}
