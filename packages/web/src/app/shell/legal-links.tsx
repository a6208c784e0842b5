/**
 * The server's imprint and privacy policy links (reference: `legal` in /info), wherever the app
 * shows them: under the signed-out pages, at the foot of the side menu, in the user menu.
 */
import { Anchor, Group, type MantineSize, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerInfo } from '../../api/types';

export interface LegalLink {
  href: string;
  /** The text's key: legal.imprint or legal.privacyPolicy. */
  label: 'legal.imprint' | 'legal.privacyPolicy';
}

/** The links the server configured, in the order they are shown. */
export function legalLinks(legal: ServerInfo['legal'] | undefined): LegalLink[] {
  const links: LegalLink[] = [];
  if (legal?.imprintUrl) links.push({ href: legal.imprintUrl, label: 'legal.imprint' });
  if (legal?.privacyPolicyUrl) links.push({ href: legal.privacyPolicyUrl, label: 'legal.privacyPolicy' });
  return links;
}

/** The links in a row, separated by a bar; nothing when the server configured none. */
export function LegalLinks({
  legal,
  size,
  justify,
}: {
  legal: ServerInfo['legal'] | undefined;
  size: MantineSize;
  justify?: 'center';
}) {
  const { t } = useTranslation();
  const links = legalLinks(legal);
  if (links.length === 0) return null;
  return (
    <Group justify={justify} gap={justify ? 8 : 6}>
      {links.map((link, i) => (
        <Fragment key={link.label}>
          {i > 0 && (
            <Text size={size} c="dimmed" aria-hidden="true">
              |
            </Text>
          )}
          <Anchor href={link.href} target="_blank" rel="noreferrer" size={size} c="dimmed">
            {t(link.label)}
          </Anchor>
        </Fragment>
      ))}
    </Group>
  );
}
