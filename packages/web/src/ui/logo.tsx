/**
 * The Ordo logo. In June, when icon changes are allowed, a rainbow variant shows instead; an
 * operator may replace the logo with `window.CUSTOM_LOGO_URL`.
 */
import { Group, Text } from '@mantine/core';
import { useId } from 'react';

declare global {
  interface Window {
    CUSTOM_LOGO_URL?: string;
  }
}

export function isJune(now: Date): boolean {
  return now.getMonth() === 5;
}

function Mark({ size, rainbow }: { size: number; rainbow: boolean }) {
  const id = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      data-variant={rainbow ? 'june' : 'default'}
    >
      {rainbow && (
        <defs>
          <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#e40303" />
            <stop offset="20%" stopColor="#ff8c00" />
            <stop offset="40%" stopColor="#ffed00" />
            <stop offset="60%" stopColor="#008026" />
            <stop offset="80%" stopColor="#004dff" />
            <stop offset="100%" stopColor="#750787" />
          </linearGradient>
        </defs>
      )}
      <rect
        width="64"
        height="64"
        rx="14"
        fill={rainbow ? `url(#${id})` : 'var(--mantine-primary-color-filled)'}
      />
      <circle cx="32" cy="32" r="17" fill="none" stroke="#fff" strokeWidth="6" />
      <path
        d="M24 32.5l5.5 5.5L41 26.5"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({
  size = 30,
  rainbow = false,
  withText = true,
}: {
  size?: number;
  rainbow?: boolean;
  withText?: boolean;
}) {
  // No window when the server draws the login screen (prerender/login-screen.tsx).
  const customLogo = typeof window === 'undefined' ? undefined : window.CUSTOM_LOGO_URL;
  if (customLogo) {
    return <img src={customLogo} alt="" style={{ maxHeight: 48, maxWidth: 164 }} />;
  }
  return (
    <Group gap={8} wrap="nowrap">
      <Mark size={size} rainbow={rainbow} />
      {withText && (
        <Text fw={700} fz={size * 0.7} lh={1} style={{ letterSpacing: '-0.02em' }}>
          Ordo
        </Text>
      )}
    </Group>
  );
}
